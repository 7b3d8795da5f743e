// `npx tsx bench/server/balance-main.ts`: prints the cached-balance load figures (3 runs), with
// the cache in the server process, or in Redis when REDIS_URL is set.
import { median } from '../stats'
import { type CachedBalanceFigures, measureCachedBalance } from './balance'

const runs: CachedBalanceFigures[] = []
for (let run = 0; run < 3; run++)
  runs.push(await measureCachedBalance({ redisUrl: process.env.REDIS_URL }))

const at = (pick: (figures: CachedBalanceFigures) => number) => median(runs.map(pick))
const list = (pick: (figures: CachedBalanceFigures) => number) => runs.map(pick).join(', ')

const where = process.env.REDIS_URL ? 'cache in Redis' : 'cache in process'
console.log(
  `\nServer: cached balance (GET /v1/account/{address}/balance, autocannon, 127.0.0.1, ${where})`,
)
console.log(`  entries in the answer:      ${runs[0]?.entries}`)
console.log(
  `  at ${runs[0]?.atRate.targetRate} req/s:            ${at((f) => f.atRate.requestsPerSecond)} req/s, p50 ${at((f) => f.atRate.p50Ms)} ms, p99 ${at((f) => f.atRate.p99Ms)} ms (budget: p99 <= 20 ms at >= 1,000 req/s); medians of ${runs.length} runs`,
)
console.log(
  `                              p99 runs ${list((f) => f.atRate.p99Ms)} ms; failures ${list((f) => f.atRate.failures)}`,
)
console.log(
  `  as fast as it goes (${runs[0]?.max.connections} conn): ${at((f) => f.max.requestsPerSecond)} req/s, p50 ${at((f) => f.max.p50Ms)} ms, p99 ${at((f) => f.max.p99Ms)} ms`,
)
console.log(
  `                              req/s runs ${list((f) => f.max.requestsPerSecond)}; failures ${list((f) => f.max.failures)}`,
)
