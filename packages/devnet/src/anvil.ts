// Spawns the anvil binary that ships in the npm package @foundry-rs/anvil-linux-amd64 and
// waits until it answers JSON-RPC. One process per chain id.
import { type ChildProcess, spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'

export interface AnvilOptions {
  chainId: number
  /** 0 or absent: a free port is picked. */
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

async function answersRpc(rpcUrl: string): Promise<boolean> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    return response.ok
  } catch {
    return false
  }
}

export async function startAnvil(options: AnvilOptions): Promise<Anvil> {
  const host = options.host ?? '127.0.0.1'
  const port = options.port || (await freePort(host))
  const args = ['--chain-id', String(options.chainId), '--port', String(port), '--host', host]
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  args.push('--silent', ...(options.args ?? []))

  const child = spawn(anvilBinaryPath(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString()
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const rpcUrl = `http://${host}:${port}`

  const deadline = Date.now() + 15_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`anvil (chain ${options.chainId}) exited early: ${stderr.trim()}`)
    }
    if (await answersRpc(rpcUrl)) break
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`anvil (chain ${options.chainId}) did not answer on ${rpcUrl} in 15 s`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return {
    chainId: options.chainId,
    port,
    rpcUrl,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
