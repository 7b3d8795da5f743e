// The real server as the frame's tests run it: a fresh database of its own, no indexer, a share
// seal key made for the run, mail to `smtpUrl` when given. `stop` closes it and drops the
// database.
import { randomBytes } from 'node:crypto'
import { loadConfig, type RunningServer, startServer } from '@portico/server'
import { createFreshDatabase } from '@portico/server/testing'

export interface FrameTestServer {
  server: RunningServer
  stop(): Promise<void>
}

export async function startFrameTestServer(
  options: {
    smtpUrl?: string
    /** What loadConfig takes beside the environment: chains, swaps, prices. */
    overrides?: Parameters<typeof loadConfig>[1]
    clock?: () => number
  } = {},
): Promise<FrameTestServer> {
  const database = await createFreshDatabase()
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: database.location.dataDir,
    LOG_LEVEL: 'silent',
    PORTICO_INDEXER: '0',
    PORTICO_SHARE_SEAL_KEY: randomBytes(32).toString('hex'),
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...(database.location.databaseUrl ? { DATABASE_URL: database.location.databaseUrl } : {}),
  }
  try {
    const server = await startServer(
      loadConfig(env, { port: 0, chains: {}, ...options.overrides }),
      options.clock ? { clock: options.clock } : {},
    )
    return {
      server,
      async stop() {
        await server.close()
        await database.drop()
      },
    }
  } catch (error) {
    await database.drop()
    throw error
  }
}
