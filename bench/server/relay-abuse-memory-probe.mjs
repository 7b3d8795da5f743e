// Preloaded into the abuse bench's server process (NODE_OPTIONS=--import): writes the process's
// memory to RELAY_ABUSE_MEMORY_FILE four times a second. When the bench has left a request
// (`<file>.gc`) it first collects garbage (the server then runs with --expose-gc), so a reading
// says what is still held rather than how far the collector happens to be behind.
// Plain JavaScript: it loads before the server's TypeScript loader does.
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { isMainThread } from 'node:worker_threads'

const file = process.env.RELAY_ABUSE_MEMORY_FILE
const SAMPLE_MS = 250
if (isMainThread && file) {
  const request = `${file}.gc`
  let reading = 0
  setInterval(() => {
    const collect = typeof globalThis.gc === 'function' && existsSync(request)
    if (collect) {
      rmSync(request)
      globalThis.gc()
    }
    // RSS is the whole process (the PGlite thread's wasm memory too); the heap is this thread's.
    const { rss, heapUsed, external } = process.memoryUsage()
    reading += 1
    // Written aside and renamed, so the bench never reads half a file.
    writeFileSync(
      `${file}.part`,
      JSON.stringify({ reading, collected: collect, rss, heapUsed, external }),
    )
    renameSync(`${file}.part`, file)
  }, SAMPLE_MS).unref()
}
