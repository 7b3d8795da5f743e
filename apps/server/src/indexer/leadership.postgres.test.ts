// Runs only with DATABASE_URL (vitest.config.ts selects *.postgres.test.ts files).
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import { numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { startTestServer, type TestServer } from '../test/test-server'
import { INDEXER_LOCK_CLASS_ID } from './indexer-constants'

const CHAIN_ID = 31337
let anvil: Anvil
let fresh: FreshDatabase

async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

/** ETH transfers between the dev accounts, runs of empty blocks between them. */
async function sendTransfers(count: number): Promise<void> {
  for (let index = 0; index < count; index++) {
    const from = DEV_ACCOUNTS[index % 5]?.address
    const to = DEV_ACCOUNTS[(index + 1) % 5]?.address
    await rpc('eth_sendTransaction', [{ from, to, value: numberToHex(1000 + index) }])
    await rpc('anvil_mine', [numberToHex(index % 7)])
  }
}

async function head(): Promise<bigint> {
  return BigInt(await rpc<string>('eth_blockNumber'))
}

beforeAll(async () => {
  ;[anvil, fresh] = await Promise.all([startAnvil({ chainId: CHAIN_ID }), createFreshDatabase()])
})
afterAll(async () => {
  await Promise.all([anvil?.stop(), fresh?.drop()])
})

describe('indexer leadership (PostgreSQL)', () => {
  const servers: TestServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })

  const startIndexing = async () => {
    const server = await startTestServer({
      database: fresh,
      chains: { [CHAIN_ID]: anvil.rpcUrl },
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
    await sendTransfers(2)
    await indexedUpTo(first.app.portico.db, await head())
    const second = await startIndexing()
    await sendTransfers(3)
    await indexedUpTo(second.app.portico.db, await head())
    const { rows } = await second.app.portico.db.query<{ holders: bigint }>(
      `SELECT count(*) AS holders FROM pg_locks
       WHERE locktype = 'advisory' AND classid = $1 AND objid = $2 AND granted`,
      [INDEXER_LOCK_CLASS_ID, CHAIN_ID],
    )
    expect(rows).toEqual([{ holders: 1n }])

    servers.splice(servers.indexOf(first), 1)
    await first.stop()
    await sendTransfers(2)
    await indexedUpTo(second.app.portico.db, await head())
    const truth = await chainGroundTruth(anvil.rpcUrl)
    const stored = await storedState(second.app.portico.db, CHAIN_ID)
    expect(stored.transfers).toEqual(truth.transfers)
  })
})
