// The yardstick the server benches drive alongside our routes: bare-fastify.ts in a process of
// its own, so it shares the machine with the server exactly as the measured route does.
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'

const repoRoot = join(import.meta.dirname, '..', '..')

/** Resolves with its one route's URL once it listens; rejects if it exits first. */
export function startBareFastify(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server/bare-fastify.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const at = /listening on (http:\/\/\S+)/.exec(output)
      if (at?.[1]) resolve({ url: `${at[1]}/tokens`, child })
    })
    child.once('exit', (code) => reject(new Error(`bare Fastify exited (${code})`)))
  })
}
