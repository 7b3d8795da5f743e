// Spawns the anvil binary that ships in the npm package @foundry-rs/anvil-linux-amd64 and
// waits until it listens. One process per chain id.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

export interface AnvilOptions {
  chainId: number
  /** 0 or absent: anvil binds a free port, reported in `Anvil.port`. */
  port?: number
  host?: string
  /** Seconds between blocks; absent means a block per transaction (automine). */
  blockTime?: number
  /** Extra command-line flags, passed through. */
  args?: string[]
}

export interface Anvil {
  chainId: number
  port: number
  rpcUrl: string
  process: ChildProcess
  stop(): Promise<void>
}

export function anvilBinaryPath(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('@foundry-rs/anvil-linux-amd64/package.json')
  return join(dirname(manifest), 'bin', 'anvil')
}

export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port)
        else reject(new Error('could not find a free port'))
      })
    })
  })
}

// anvils still running when this process exits (normally or on an uncaught error) would keep
// their ports; one 'exit' listener ends them all. It cannot help after a SIGKILL.
const runningAnvils = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of runningAnvils) child.kill('SIGKILL')
})

/** How long anvil may take to bind its port; it usually takes well under 1.5 s. */
const START_TIMEOUT_MS = 15_000
/** How long a stopping anvil gets to exit on SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 5_000

/**
 * Resolves with the port from anvil's "Listening on host:port" line. Reading it (instead of
 * polling a port we picked) lets anvil bind port 0 itself: no race between picking a free
 * port and binding it, and no chance of mistaking another process on that port for ours.
 */
function listeningPort(child: ChildProcess, name: string, stderr: () => string): Promise<number> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString()
      const match = /Listening on \S+:(\d+)/.exec(stdout)
      if (match?.[1]) finish(() => resolve(Number(match[1])))
    }
    const onExit = () => finish(() => reject(new Error(`${name} exited early: ${stderr().trim()}`)))
    const onError = (error: Error) =>
      finish(() => reject(new Error(`${name} could not start: ${error.message}`)))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      finish(() =>
        reject(new Error(`${name} did not start listening in ${START_TIMEOUT_MS / 1000} s`)),
      )
    }, START_TIMEOUT_MS)
    const finish = (settle: () => void) => {
      clearTimeout(timer)
      child.stdout?.off('data', onData)
      child.off('exit', onExit)
      child.off('error', onError)
      // Keep draining: anvil logs every request, and a full pipe would stall it.
      child.stdout?.resume()
      settle()
    }
    child.stdout?.on('data', onData)
    child.once('exit', onExit)
    child.once('error', onError)
  })
}

export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const host = options.host ?? '127.0.0.1'
  const args = [
    '--chain-id',
    String(options.chainId),
    '--port',
    String(options.port || 0),
    '--host',
    host,
  ]
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  // --silent would also silence the "Listening on" line that start-up waits for.
  args.push(...(options.args ?? []).filter((arg) => arg !== '--silent'))

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  runningAnvils.add(child)
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      runningAnvils.delete(child)
      resolve()
    }),
  )
  const name = `anvil (chain ${options.chainId}${options.port ? `, port ${options.port}` : ''})`
  const port = await listeningPort(child, name, () => stderr)

  return {
    chainId: options.chainId,
    port,
    rpcUrl: `http://${host}:${port}`,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited
      clearTimeout(timer)
    },
  }
}
