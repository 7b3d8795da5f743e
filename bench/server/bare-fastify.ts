// A bare Fastify route answering a 5-token JSON body: the yardstick the server's figures are
// compared with, measured in the same run (ENVIRONMENT.md). Prints its URL once it listens.
import Fastify from 'fastify'

const tokens = ['ETH', 'USDC', 'PRTC', 'WETH', 'DAI'].map((symbol, index) => ({
  symbol,
  name: `${symbol} token`,
  decimals: 18,
  balance: String(1000 + index),
}))
const app = Fastify({ logger: false })
app.get('/tokens', async () => ({ tokens }))
const url = await app.listen({ host: '127.0.0.1', port: 0 })
process.stdout.write(`Bare Fastify listening on ${url}\n`)
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
