// `tsx bench/server/wallets-main.ts [seconds] [rounds]`: prints the /getWallets?search= figures.
import { type LoadFigures, measureGetWallets } from './wallets'

const [seconds, rounds] = [process.argv[2], process.argv[3]].map(Number)
const figures = await measureGetWallets({
  ...(Number.isFinite(seconds) ? { durationSeconds: seconds } : {}),
  ...(Number.isFinite(rounds) ? { rounds } : {}),
})

const line = (label: string, load: LoadFigures) =>
  `  ${label.padEnd(34)}${String(load.requestsPerSecond).padStart(7)} req/s   p50 ${load.p50Ms.toFixed(2)} ms   p99 ${load.p99Ms.toFixed(2)} ms${load.failures ? `   (${load.failures} failed)` : ''}`

console.log(
  `\nServer: GET /getWallets?search= (autocannon, 127.0.0.1, ${figures.connections} connections, medians of ${figures.rounds} rounds of ${figures.durationSeconds} s)`,
)
console.log(line('/getWallets?search= (cached)', figures.search))
console.log(line('/getWallets?search= (uncached)', figures.searchUncached))
console.log(line('bare Fastify {"hello":"world"}', figures.bareFastify))
console.log(
  `  ratio search / bare Fastify:      ${figures.ratio.toFixed(2)} (median of the rounds)`,
)
