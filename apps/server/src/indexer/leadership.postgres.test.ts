import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { CHAIN_ID, useLeadershipChain } from '../test/leadership-chain'
import { startTestServer, type TestServer } from '../test/test-server'
import { INDEXER_LOCK_CLASS_ID } from './indexer-constants'

const chain = useLeadershipChain()

describe('indexer leadership (PostgreSQL)', () => {
  const servers: TestServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })

  const startIndexing = async () => {
    const server = await startTestServer({
      database: chain.fresh,
      chains: { [CHAIN_ID]: chain.anvil.rpcUrl },
      config: { indexer: { enabled: true, pollIntervalMs: 20 } },
    })
    servers.push(server)
    return server
  }

  async function indexedUpTo(db: Database, block: bigint): Promise<void> {
    const deadline = Date.now() + 20_000
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ number: bigint }>(
        'SELECT block_number AS number FROM indexer_checkpoints WHERE chain_id = $1',
        [CHAIN_ID],
      )
      if (rows[0]?.number === block) return
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`block ${block} was not indexed in 20 s`)
  }

  it('lets one server lead a chain, and another take over when it stops', async () => {
    const first = await startIndexing()
    // Blocks only the first server can have indexed: it leads.
    await chain.sendTransfers(2)
    await indexedUpTo(first.app.portico.db, await chain.head())
    const second = await startIndexing()
    await chain.sendTransfers(3)
    await indexedUpTo(second.app.portico.db, await chain.head())
    const { rows } = await second.app.portico.db.query<{ holders: bigint }>(
      `SELECT count(*) AS holders FROM pg_locks
       WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted`,
      [INDEXER_LOCK_CLASS_ID, CHAIN_ID],
    )
    expect(rows).toEqual([{ holders: 1n }])

    servers.splice(servers.indexOf(first), 1)
    await first.stop()
    await chain.sendTransfers(2)
    await indexedUpTo(second.app.portico.db, await chain.head())
    const truth = await chainGroundTruth(chain.anvil.rpcUrl)
    const stored = await storedState(second.app.portico.db, CHAIN_ID)
    expect(stored.transfers).toEqual(truth.transfers)
  })
})
