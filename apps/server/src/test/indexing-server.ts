// For tests that run the indexing server as a process of its own (to kill it mid-batch, or to
// configure it from the environment alone): one devnet chain, unseeded, a database, and
// servers started on them that log every batch they store.
import { randomBytes } from 'node:crypto'
import { type Devnet, startDevnet } from '@portico/devnet'
import { createFreshDatabase, type FreshDatabase } from './fresh-database'
import { type LogLine, type ServerProcess, startServerProcess } from './server-process'
import { testEnv } from './test-server'

export interface IndexingRig {
  devnet: Devnet
  database: FreshDatabase
  rpcUrl: string
  /** A server indexing the chain, batches logged at debug; `env` adds to its environment. */
  startServer(env?: NodeJS.ProcessEnv): ServerProcess
  /** Kills the servers still running, then stops the chain and drops the database. */
  stop(): Promise<void>
}

/** The log line of each stored batch (`from`, `to`, `hash` of its last block). */
export const isIndexedBatch = (line: LogLine) => line.msg === 'indexed blocks'

export async function startIndexingRig(chainId: number, batchBlocks: number): Promise<IndexingRig> {
  const [devnet, database] = await Promise.all([
    startDevnet({ chains: [{ chainId, port: 0 }], seed: false }),
    createFreshDatabase(),
  ])
  const rpcUrl = devnet.chains[0]?.rpcUrl as string
  const running = new Set<ServerProcess>()
  return {
    devnet,
    database,
    rpcUrl,
    startServer(env = {}) {
      const server = startServerProcess(
        {
          ...testEnv(database, `portico-test:${randomBytes(6).toString('hex')}:`),
          PORT: '0',
          LOG_LEVEL: 'debug',
          PORTICO_CHAINS: JSON.stringify({ [chainId]: rpcUrl }),
          PORTICO_INDEXER: '1',
          PORTICO_INDEXER_BATCH_BLOCKS: String(batchBlocks),
          PORTICO_INDEXER_POLL_MS: '20',
          ...env,
        },
        { built: true },
      )
      running.add(server)
      server.exited.then(() => running.delete(server))
      return server
    },
    async stop() {
      for (const server of running) server.child.kill('SIGKILL')
      await Promise.all([devnet.stop(), database.drop()])
    },
  }
}
