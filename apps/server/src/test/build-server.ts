// The server suite's global set-up: builds dist/ once per run, so the tests that start the
// server as a child process (a restart, a kill, a refused start) run it as `node dist/main.js`.
// Through tsx each start first transformed and loaded every source file: about 2 s more a start,
// and the CPU the rest of the suite was waiting for.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const serverRoot = fileURLToPath(new URL('../..', import.meta.url))

export default async function buildServer(): Promise<void> {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot })
}
