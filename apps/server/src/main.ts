// The server's entry point: `node apps/server/dist/main.js` once built (`npm run build -w
// apps/server`), or `node --import tsx apps/server/src/main.ts` from the sources. Configuration
// comes from the environment only; it prints where it listens. SIGTERM or SIGINT drains it:
// no new connections, requests under way finish, relay sockets are closed with 1001, pending
// writes reach the database, then it exits 0.
import { ConfigError, loadConfig } from './config'
import { DataFolderInUseError } from './db/data-folder-lock'
import { ShareSealKeyError } from './embedded-wallet/share-seal-key'
import { startServer } from './server'

async function start() {
  try {
    const config = loadConfig(process.env)
    return { config, server: await startServer(config) }
  } catch (error) {
    // A configuration or start-up problem is told in one line; anything else with its stack.
    const code = (error as NodeJS.ErrnoException).code
    const known =
      error instanceof ConfigError ||
      error instanceof DataFolderInUseError ||
      error instanceof ShareSealKeyError ||
      code === 'EADDRINUSE' ||
      code === 'ECONNREFUSED'
    process.stderr.write(
      `Portico server did not start: ${known ? (error as Error).message : error}\n`,
    )
    if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`)
    process.exit(1)
  }
}

const { config, server } = await start()

const chains = config.chains.map((chain) => chain.caipNetworkId).join(', ') || 'none'
process.stdout.write(
  `Portico server listening on ${server.url}\n` +
    `Dev project id: ${config.devProject?.id ?? '(none seeded)'}\n` +
    `Chains: ${chains}\n` +
    `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`}\n` +
    `Cache: ${config.redisUrl ? 'Redis (REDIS_URL)' : 'in process'}\n`,
)

let closing = false
async function shutdown(signal: string): Promise<void> {
  // A second signal while closing: stop waiting.
  if (closing) process.exit(1)
  closing = true
  server.app.log.info(`${signal}: draining`)
  const started = performance.now()
  try {
    await server.close()
    server.app.log.info({ ms: Math.round(performance.now() - started) }, `${signal}: closed`)
    process.exit(0)
  } catch (error) {
    server.app.log.error({ err: error }, 'close failed')
    process.exit(1)
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))
