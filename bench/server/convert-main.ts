// `npx tsx bench/server/convert-main.ts`: swap quotes under load (GET /v1/convert/quotes at
// 200 req/s, each read from the devnet's pools) beside a bare Fastify route in the same rounds.
import { type ConvertFigures, measureConvertQuotes, type QuoteLoad } from './convert'

const figures: ConvertFigures = await measureConvertQuotes()
const line = (name: string, load: QuoteLoad) =>
  console.log(
    `  ${name.padEnd(34)} ${String(load.requestsPerSecond).padStart(6)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, max ${load.maxMs} ms${load.failures ? `, ${load.failures} failures` : ''}`,
  )
console.log(
  `\nServer: swap quotes (GET /v1/convert/quotes, devnet Uniswap V2 pools, autocannon ${figures.connections} connections, 127.0.0.1); medians of ${figures.rounds} rounds of ${figures.seconds} s`,
)
console.log(`  at ${figures.rate} req/s, one request every ${1000 / figures.rate} ms:`)
line('quotes (1 and 2 pools, 13 queries)', figures.quotesPaced)
line('bare Fastify route (yardstick)', figures.barePaced)
console.log(
  `  p99 per round: quotes ${figures.p99Runs.quotesPaced.join(', ')} ms; bare ${figures.p99Runs.barePaced.join(', ')} ms`,
)
console.log(`  at ${figures.rate} req/s, autocannon (each second's requests in one burst):`)
line('quotes', figures.quotesAtRate)
line('bare Fastify route', figures.bareAtRate)
console.log(
  `  p99 per round: quotes ${figures.p99Runs.quotes.join(', ')} ms; bare ${figures.p99Runs.bare.join(', ')} ms`,
)
console.log(`  as fast as ${figures.connections} connections go:`)
line('quotes', figures.quotesMax)
console.log('  (budget: quotes p99 <= 20 ms at 200 req/s)')
