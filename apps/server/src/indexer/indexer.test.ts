import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open-database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { type IndexingRig, isIndexedBatch, startIndexingRig } from '../test/indexing-server'
import { RandomTraffic, seededRandom } from '../test/random-transfers'
import type { ServerProcess } from '../test/server-process'

const CHAIN_ID = 1
/** Small batches: many commits during catch-up, so many moments to be killed in. */
const BATCH_BLOCKS = 20
/** Longest wait for a log line once the server listens (other test files load the machine). */
const WAIT_MS = 45_000
const seed = Number(process.env.INDEXER_TEST_SEED ?? Date.now() % 1_000_000)

let rig: IndexingRig
let traffic: RandomTraffic

beforeAll(async () => {
  rig = await startIndexingRig(CHAIN_ID, BATCH_BLOCKS)
  traffic = new RandomTraffic(rig.rpcUrl, seed)
})
afterAll(async () => {
  await rig?.stop()
})

const startIndexingServer = () => rig.startServer()

/** Waits until the server has indexed up to the chain's current head. */
async function indexedHead(server: ServerProcess, since = 0): Promise<void> {
  const head = await traffic.head()
  await server.waitForLog((line) => isIndexedBatch(line) && line.hash === head.hash, WAIT_MS, since)
}

async function killDuringCatchUp(server: ServerProcess, random: () => number): Promise<number> {
  await server.url
  const batches = 1 + Math.floor(random() * 4)
  let seen = 0
  const line = await server.waitForLog(
    (entry) => isIndexedBatch(entry) && ++seen === batches,
    WAIT_MS,
  )
  // A few milliseconds more: the kill lands anywhere in the next batch, its commit included.
  await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 8)))
  server.child.kill('SIGKILL')
  const exit = await server.exited
  expect(exit.signal).toBe('SIGKILL')
  return line.to as number
}

describe('the indexer', () => {
  it('stores exactly what the chain holds through SIGKILLs mid-catch-up, restarts and reorgs', async () => {
    const random = seededRandom(seed + 1)
    await traffic.mint()
    await traffic.rounds(18, 40)
    const { number: headBeforeKills } = await traffic.head()

    // Killed twice while catching up, each time after some batches were stored.
    const killedAt = [
      await killDuringCatchUp(startIndexingServer(), random),
      await killDuringCatchUp(startIndexingServer(), random),
    ]
    expect(Math.max(...killedAt), `seed ${seed}`).toBeLessThan(headBeforeKills)

    const server = startIndexingServer()
    await server.url
    await indexedHead(server)
    // Following live traffic.
    await traffic.rounds(3, 3)
    await indexedHead(server)

    // Reorg 1 (anvil_reorg): the last three blocks, each with transfers, are replaced.
    for (let index = 0; index < 3; index++) await traffic.block()
    await indexedHead(server)
    const replacements = []
    for (let index = 0; index < 3; index++) {
      const request = await traffic.randomRequest()
      if (request) replacements.push([request, index % 2])
    }
    let since = server.logs.length
    await traffic.rpc('anvil_reorg', [3, replacements])
    await server.waitForLog((line) => /reorganised/.test(String(line.msg)), WAIT_MS, since)
    await indexedHead(server, since)

    // Reorg 2 (evm_snapshot / evm_revert): two indexed blocks undone, one other block mined,
    // so the new head is below the checkpoint.
    const snapshot = await traffic.rpc<string>('evm_snapshot')
    await traffic.block()
    await traffic.block()
    await indexedHead(server)
    since = server.logs.length
    await traffic.rpc('evm_revert', [snapshot])
    await traffic.block()
    await indexedHead(server, since)

    // Reorg 3 (anvil_rollback): the head block removed, nothing mined after it.
    since = server.logs.length
    const before = await traffic.head()
    await traffic.rpc('anvil_rollback', [1])
    await server.waitForLog(
      (line) => /reorganised/.test(String(line.msg)) && line.to === before.number - 1,
      WAIT_MS,
      since,
    )
    await traffic.rounds(1, 2)
    await indexedHead(server)

    server.child.kill('SIGTERM')
    expect((await server.exited).code).toBe(0)

    const truth = await chainGroundTruth(rig.rpcUrl)
    let db: Database | undefined
    try {
      db = await openDatabase(rig.database.location)
      const stored = await storedState(db, CHAIN_ID)
      expect(truth.transfers.length, `seed ${seed}`).toBeGreaterThan(50)
      expect(stored.transactions, `seed ${seed}`).toEqual(truth.transactions)
      expect(stored.transfers, `seed ${seed}`).toEqual(truth.transfers)
      expect(stored.accounts, `seed ${seed}`).toEqual(truth.accounts)
      const head = await traffic.head()
      const { rows } = await db.query<{ number: bigint; hash: string }>(
        `SELECT block_number AS number, '0x' || encode(block_hash, 'hex') AS hash
         FROM indexer_checkpoints WHERE chain_id = $1`,
        [CHAIN_ID],
      )
      expect(rows).toEqual([{ number: BigInt(head.number), hash: head.hash }])
      // Every kind of transfer and a failed one were among them.
      const kinds = new Set(truth.transfers.map((line) => line.split('|')[10]))
      expect([...kinds].sort(), `seed ${seed}`).toEqual(['0', '1', '2', '3'])
      expect(truth.transfers.some((line) => line.split('|')[5] === '0')).toBe(true)
    } finally {
      await db?.close()
    }
  }, 240_000)
})
