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
import { ChainFollower } from './chain-follower'
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

async function _head(): Promise<bigint> {
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
