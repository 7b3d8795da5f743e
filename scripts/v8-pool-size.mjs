// How many threads V8 gets for its garbage collector's work off the main thread (Node's
// --v8-pool-size, 4 by default): one core fewer than the machine has, so the event loop always
// keeps a core. On two cores the default let the collector's concurrent marking take both for
// ~30 ms at a time, and the relay's sockets waited: at 5,000 msg/s its p99 went from 5.0-11.6
// ms (median 5.9) to 3.7-4.8 ms (median 4.3), and its worst message from 16-40 ms to 8-13 ms
// (bench/server/relay-main.ts).
import { availableParallelism } from 'node:os'

/** Node's own default. */
const NODE_DEFAULT_POOL_SIZE = 4

/** The Node option for a machine with `cores` cores (this one's by default). */
export function v8PoolSizeOption(cores = availableParallelism()) {
  return `--v8-pool-size=${Math.min(NODE_DEFAULT_POOL_SIZE, Math.max(1, cores - 1))}`
}

/** `NODE_OPTIONS` with that option added to what is already there. */
export function withV8PoolSize(nodeOptions = process.env.NODE_OPTIONS) {
  return [nodeOptions, v8PoolSizeOption()].filter(Boolean).join(' ')
}
