// Preloaded into the relay bench's server process (NODE_OPTIONS=--import): notes each garbage
// collection pause of the server's main thread, on the monotonic clock the bench's threads
// stamp messages with, and writes them to RELAY_BENCH_GC_FILE when the bench sends SIGUSR2.
// Plain JavaScript: it loads before the server's TypeScript loader does.
import { renameSync, writeFileSync } from 'node:fs'
import { PerformanceObserver, performance } from 'node:perf_hooks'
import { isMainThread } from 'node:worker_threads'

const file = process.env.RELAY_BENCH_GC_FILE
if (isMainThread && file) {
  // performance.now() counts from this process's start; the bench's clock is hrtime's.
  const offsetMs = Number(process.hrtime.bigint()) / 1e6 - performance.now()
  /** [start on the bench clock, duration, V8's kind: 1 young generation, 4 full, 8 incremental] */
  const pauses = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      pauses.push([entry.startTime + offsetMs, entry.duration, entry.detail?.kind ?? 0])
    }
  }).observe({ entryTypes: ['gc'] })
  // Written aside and renamed, so the bench never reads half a file.
  process.on('SIGUSR2', () => {
    writeFileSync(`${file}.part`, JSON.stringify(pauses))
    renameSync(`${file}.part`, file)
  })
  // Says it is here: SIGUSR2 would end a server without the listener.
  writeFileSync(file, '[]')
}
