// @portico/server/testing: what tests, benchmarks and scripts outside the server use to stand up
// a server, a database or chain traffic, and the internals the benchmarks drive on their own
// (the indexer's follower, the history cursor). The product never imports this entry; what it
// exports must not import vitest (a benchmark runs outside the test runner).
export { encodeHistoryCursor } from './blockchain/history-cursor'
export { JsonRpcClient } from './chains/json-rpc-client'
export { UpstreamClient } from './chains/upstream-client'
export type { Database } from './db/database'
export { migrate } from './db/migrate'
export { openDatabase } from './db/open-database'
export { ChainFollower } from './indexer/chain-follower'
export { INDEXER_BATCH_BLOCKS } from './indexer/indexer-constants'
export { singleProcessLock } from './indexer/leader-lock'
export { devnetConvertConfig } from './test/devnet-convert-config'
export { devnetBalanceConfig } from './test/devnet-server'
export { createFreshDatabase } from './test/fresh-database'
export { ensurePgliteTemplate } from './test/pglite-template'
export { RandomTraffic } from './test/random-transfers'
export { createRelayTestIdentity } from './test/relay-identity'
export { startServerProcess } from './test/server-process'
export { startTypeScriptWorker } from './typescript-worker'
