// `npx tsx bench/server/history-main.ts`: indexer catch-up speed and history page load.
// PGlite by default; DATABASE_URL=postgres://... measures the history page on PostgreSQL.
import { type HistoryFigures, measureHistory, type PageLoad } from './history-bench'
import { measureIndexerCatchUp } from './indexer-bench'

const catchUp = await measureIndexerCatchUp()
console.log('\nServer: indexer catch-up (anvil devnet, PGlite, from block 0)')
console.log(
  `  ${catchUp.blocks} blocks, ${catchUp.transfers} transfers: median ${catchUp.blocksPerSecond} blocks/s of ${catchUp.runs.length} runs (${catchUp.runs.join(', ')}) (budget: >= 2,000 blocks/s)`,
)

const history: HistoryFigures = await measureHistory()
const line = (name: string, load: PageLoad) =>
  console.log(
    `  ${name.padEnd(34)} ${String(load.requestsPerSecond).padStart(6)} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms${load.failures ? `, ${load.failures} failures` : ''}`,
  )
console.log(
  `\nServer: history page (GET /v1/account/{account}/history, ${history.transfers.toLocaleString('en')} transfers, ${history.database}, autocannon ${history.connections} connections, 127.0.0.1)`,
)
console.log(
  `  rows generated in ${history.loadSeconds} s (generate_series); medians of ${history.rounds} rounds`,
)
console.log(`  at ${history.rate} req/s:`)
line('first page, 100,000-tx account', history.firstPageAtRate)
line('deep page (cursor), same account', history.deepPageAtRate)
console.log(`  as fast as ${history.connections} connections go:`)
line('first page, 100,000-tx account', history.firstPage)
line('deep page (cursor), same account', history.deepPage)
line('first page, chainId=eip155:1', history.chainPage)
line('first page, light account', history.lightAccount)
line('bare Fastify route (yardstick)', history.bareFastify)
console.log('  (budget: history page p99 <= 30 ms)')
