// Our real server for the React tests: the DOM environment they run in replaces URL and fetch,
// which the server's own modules need, so it runs in a child Node process (serve-on-anvil.ts)
// and the test talks to it over HTTP as the modal does.
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

export interface ChildServer {
  url: string
  projectId: string
  stop(): Promise<void>
}

export async function startServerInChild(): Promise<ChildServer> {
  const script = join(dirname(fileURLToPath(import.meta.url)), 'serve-on-anvil.ts')
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: join(dirname(fileURLToPath(import.meta.url)), '../..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = once(child, 'exit')
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    exited.then(([code]) => {
      throw new Error(`the test server exited with ${code} before listening`)
    }),
  ])
  lines.close()
  const { url, projectId } = JSON.parse(first) as { url: string; projectId: string }
  return {
    url,
    projectId,
    async stop() {
      if (child.exitCode !== null) return
      child.kill('SIGTERM')
      await exited
    },
  }
}
