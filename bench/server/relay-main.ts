// `npx tsx bench/server/relay-main.ts`: the relay's publish-to-delivery latency and throughput
// with 1,000 WebSocket clients, with one instance (no Redis) and, when REDIS_URL is set, again
// with Redis fan-out and rate limits. PGlite, or PostgreSQL when DATABASE_URL is set.
import { availableParallelism } from 'node:os'
import { measureRelay, type RelayFigures } from './relay'

const seconds = Number(process.env.RELAY_BENCH_SECONDS ?? 10)
const runs: Array<{ label: string; figures: RelayFigures }> = [
  { label: 'one instance, no Redis', figures: await measureRelay({ seconds }) },
]
if (process.env.REDIS_URL) {
  runs.push({
    label: 'Redis fan-out and rate limits',
    figures: await measureRelay({ seconds, redisUrl: process.env.REDIS_URL }),
  })
}

for (const { label, figures } of runs) {
  console.log(
    `\nServer: WalletConnect relay (${figures.clients.toLocaleString('en')} WebSocket clients on 127.0.0.1 in pairs, ${figures.database}, ${label})`,
  )
  console.log(
    `  ${figures.clients} clients connected (JWT each) and subscribed in ${figures.connectSeconds} s; publishing clients in this process, receiving clients in a worker thread of it, server in a process of its own, ${availableParallelism()} cores shared`,
  )
  for (const rate of figures.rates) {
    const lost = rate.published - rate.delivered
    console.log(
      `  offered ${String(rate.offeredRate).padStart(5)} msg/s for ${rate.seconds} s: ${String(rate.messagesPerSecond).padStart(5)} msg/s delivered, p50 ${rate.p50Ms} ms, p99 ${rate.p99Ms} ms, max ${rate.maxMs} ms${lost ? `, ${lost} not delivered` : ''}${rate.failures ? `, ${rate.failures} publishes refused or unanswered` : ''} (generator lag p99 ${rate.generatorLagP99Ms} ms)`,
    )
    console.log(
      `${' '.repeat(38)}CPU per message: server ${rate.serverCpuMicrosPerMessage} µs, load generator ${rate.generatorCpuMicrosPerMessage} µs`,
    )
    const gc = rate.serverGc
    if (gc) {
      console.log(
        `${' '.repeat(38)}server GC: ${gc.youngPauses} young-generation pauses (avg ${gc.youngAvgMs} ms, max ${gc.youngMaxMs} ms), ${gc.fullPauses} full (max ${gc.fullMaxMs} ms), ${gc.otherPauses} other; ${Math.round(gc.slowestInPauseShare * 100)}% of the slowest 1% were in flight during a pause`,
      )
    }
  }
  console.log('  (budget: publish-to-delivery p99 <= 10 ms at 5,000 msg/s)')
}
