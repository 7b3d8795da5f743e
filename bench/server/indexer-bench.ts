// Indexer catch-up speed: a devnet chain with a few thousand blocks (random token traffic,
// then empty blocks) indexed from scratch into a fresh PGlite database, several times.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '@portico/devnet'
import { RPC_RETRY_COUNT, RPC_RETRY_DELAY_MS, RPC_TIMEOUT_MS } from '@portico/server'
import {
  ChainFollower,
  ensurePgliteTemplate,
  INDEXER_BATCH_BLOCKS,
  JsonRpcClient,
  migrate,
  openDatabase,
  RandomTraffic,
  singleProcessLock,
  UpstreamClient,
} from '@portico/server/testing'
import Fastify from 'fastify'
import { numberToHex } from 'viem'
import { median } from '../stats'

export interface IndexerCatchUpFigures {
  blocks: number
  transfers: number
  runs: number[]
  /** Median of the runs, blocks per second. */
  blocksPerSecond: number
}

const INDEXER_TABLES = [
  'indexer_checkpoints',
  'indexer_blocks',
  'chain_transactions',
  'token_transfers',
  'account_transactions',
  'token_metadata',
  'nft_metadata',
]

export async function measureIndexerCatchUp(
  options: { emptyBlocks?: number; trafficRounds?: number; runs?: number } = {},
): Promise<IndexerCatchUpFigures> {
  const devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  const folder = mkdtempSync(join(tmpdir(), 'portico-bench-indexer-'))
  const dataDir = join(folder, 'pglite')
  cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
  const db = await openDatabase({ dataDir })
  try {
    const chain = devnet.chains[0] as { rpcUrl: string }
    const traffic = new RandomTraffic(chain.rpcUrl, 7)
    await traffic.mint()
    // Transfers spread through the chain: a block of them, then a run of empty blocks.
    await traffic.rounds(options.trafficRounds ?? 150, 20)
    await traffic.rpc('anvil_mine', [numberToHex(options.emptyBlocks ?? 1000)])
    const head = await traffic.head()
    await migrate(db)
    const rpc = new JsonRpcClient(
      new UpstreamClient({
        timeoutMs: RPC_TIMEOUT_MS,
        retryCount: RPC_RETRY_COUNT,
        retryDelayMs: RPC_RETRY_DELAY_MS,
      }),
      { caipNetworkId: 'eip155:1', rpcUrl: chain.rpcUrl },
    )
    const runs: number[] = []
    let transfers = 0
    for (let run = 0; run < (options.runs ?? 3); run++) {
      for (const table of INDEXER_TABLES) await db.exec(`DELETE FROM ${table}`)
      const follower = new ChainFollower({
        db,
        chainId: 1,
        rpc,
        lock: singleProcessLock(),
        batchBlocks: INDEXER_BATCH_BLOCKS,
        pollIntervalMs: 1000,
        log: Fastify().log,
      })
      const started = performance.now()
      const reached = await follower.syncToHead()
      const seconds = (performance.now() - started) / 1000
      if (reached?.hash !== head.hash) throw new Error('the indexer did not reach the head')
      runs.push(Math.round((head.number + 1) / seconds))
      const { rows } = await db.query<{ count: bigint }>('SELECT count(*) FROM token_transfers')
      transfers = Number(rows[0]?.count)
    }
    return { blocks: head.number + 1, transfers, runs, blocksPerSecond: median(runs) }
  } finally {
    await db.close()
    await devnet.stop()
    rmSync(folder, { recursive: true, force: true })
  }
}
