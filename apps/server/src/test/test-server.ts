// Starts the real server for a test file: a fresh database, Redis under a prefix of its own
// when REDIS_URL is set, a free port on 127.0.0.1.
import { randomBytes } from 'node:crypto'
import { dirname, join } from 'node:path'
import type { ChainUrls } from '../chains/chain-upstream'
import type { ConfigOverrides, ServerConfig } from '../config'
import { loadConfig } from '../config'
import { type RunningServer, type ServerDeps, startServer } from '../server'
import { createFreshDatabase, type FreshDatabase } from './fresh-database'

export interface TestServer extends RunningServer {
  config: ServerConfig
  database: FreshDatabase
  /** Environment that points another process (the CLI) at this server's storage. */
  env: NodeJS.ProcessEnv
  /** Stops the server and drops its database. */
  stop(): Promise<void>
}

export interface TestServerOptions {
  chains?: ChainUrls
  config?: ConfigOverrides
  deps?: ServerDeps
  /** Reuse a database (restart tests); a fresh one otherwise. */
  database?: FreshDatabase
}

export function testEnv(database: FreshDatabase, redisKeyPrefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    DATA_DIR: database.location.dataDir,
    REDIS_KEY_PREFIX: redisKeyPrefix,
    LOG_LEVEL: 'silent',
    // Tests that need the indexer turn it on (config `indexer: { enabled: true }`).
    PORTICO_INDEXER: '0',
    // In the database's own temporary folder (beside the data, as no deployment should keep it):
    // not the user's config folder, which is the default.
    PORTICO_SHARE_SEAL_KEY_FILE: join(dirname(database.location.dataDir), 'keys', 'share-seal.key'),
  }
  if (database.location.databaseUrl) env.DATABASE_URL = database.location.databaseUrl
  if (process.env.REDIS_URL) env.REDIS_URL = process.env.REDIS_URL
  return env
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createFreshDatabase())
  const env = testEnv(database, `portico-test:${randomBytes(6).toString('hex')}:`)
  try {
    const config = loadConfig(env, {
      port: 0,
      chains: options.chains ?? {},
      ...options.config,
    })
    const server = await startServer(config, options.deps)
    return {
      ...server,
      config,
      database,
      env,
      async stop() {
        await server.close()
        if (!options.database) await database.drop()
      },
    }
  } catch (error) {
    if (!options.database) await database.drop()
    throw error
  }
}
