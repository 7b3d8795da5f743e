import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import Fastify from 'fastify'
import { numberToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { JsonRpcClient } from '../chains/json-rpc-client'
import { UpstreamClient } from '../chains/upstream-client'
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../constants'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open-database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { startTestServer, type TestServer } from '../test/test-server'
import { ChainFollower } from './chain-follower'
import { INDEXER_LOCK_CLASS_ID } from './indexer-constants'
import { singleProcessLock } from './leader-lock'

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

describe('indexer writers', () => {
  it('two followers writing one chain at once store it once: the checkpoint is compare-and-set', async () => {
    await sendTransfers(25)
    const db: Database = await openDatabase(fresh.location)
    try {
      await migrate(db)
      const upstream = new UpstreamClient({
        timeoutMs: RPC_TIMEOUT_MS,
        retryCount: RPC_RETRY_COUNT,
        retryDelayMs: RPC_RETRY_DELAY_MS,
      })
      const logLines: string[] = []
      const log = Fastify({
        logger: { level: 'info', stream: { write: (line: string) => logLines.push(line) } },
      }).log
      const follower = () =>
        new ChainFollower({
          db,
          chainId: CHAIN_ID,
          rpc: new JsonRpcClient(upstream, {
            caipNetworkId: `eip155:${CHAIN_ID}`,
            rpcUrl: anvil.rpcUrl,
          }),
          // Both believe they lead: only the checkpoint keeps them from writing twice.
          lock: singleProcessLock(),
          batchBlocks: 7,
          pollIntervalMs: 20,
          log,
        })
      const reached = await Promise.all([follower().syncToHead(), follower().syncToHead()])
      expect(reached[0]).toEqual(reached[1])
      // They did collide, and the loser of each race wrote nothing.
      expect(logLines.some((line) => line.includes('another writer moved the checkpoint'))).toBe(
        true,
      )
      const truth = await chainGroundTruth(anvil.rpcUrl)
      const stored = await storedState(db, CHAIN_ID)
      expect(stored.transfers).toEqual(truth.transfers)
      expect(stored.accounts).toEqual(truth.accounts)
      expect(stored.transactions).toEqual(truth.transactions)
    } finally {
      await db.close()
    }
  })
})

describe.skipIf(!process.env.DATABASE_URL)('indexer leadership (PostgreSQL)', () => {
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
