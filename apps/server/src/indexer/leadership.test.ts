import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { JsonRpcClient } from '../chains/json-rpc-client'
import { UpstreamClient } from '../chains/upstream-client'
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '../constants'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open-database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { CHAIN_ID, useLeadershipChain } from '../test/leadership-chain'
import { ChainFollower } from './chain-follower'
import { singleProcessLock } from './leader-lock'

const chain = useLeadershipChain()

describe('indexer writers', () => {
  it('two followers writing one chain at once store it once: the checkpoint is compare-and-set', async () => {
    await chain.sendTransfers(25)
    const db: Database = await openDatabase(chain.fresh.location)
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
            rpcUrl: chain.anvil.rpcUrl,
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
      const truth = await chainGroundTruth(chain.anvil.rpcUrl)
      const stored = await storedState(db, CHAIN_ID)
      expect(stored.transfers).toEqual(truth.transfers)
      expect(stored.accounts).toEqual(truth.accounts)
      expect(stored.transactions).toEqual(truth.transactions)
    } finally {
      await db.close()
    }
  })
})
