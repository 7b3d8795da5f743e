// PORTICO_INDEXER_START_BLOCKS as an operator deploying against a public chain sets it: the
// server, a real process configured from the environment only, indexes the chain from that
// block on. What the chain holds from there is stored exactly as it is, nothing before it is,
// and a bad value stops the start with a one-line reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open-database'
import { chainGroundTruth, storedState } from '../test/chain-ground-truth'
import { type IndexingRig, isIndexedBatch, startIndexingRig } from '../test/indexing-server'
import { RandomTraffic } from '../test/random-transfers'

const CHAIN_ID = 1
/** Longest wait for a log line once the server listens (other test files load the machine). */
const WAIT_MS = 45_000

let rig: IndexingRig
let traffic: RandomTraffic

beforeAll(async () => {
  rig = await startIndexingRig(CHAIN_ID, 5)
  traffic = new RandomTraffic(rig.rpcUrl, Date.now() % 1_000_000)
})
afterAll(async () => {
  await rig?.stop()
})

const startingAt = (startBlocks: string) =>
  rig.startServer({ PORTICO_INDEXER_START_BLOCKS: startBlocks })
/** Whether a ground-truth or stored line (`|`-separated) is of a block from `start` on. */
const fromBlock = (start: number, field: number) => (line: string) =>
  Number(line.split('|')[field]) >= start

describe('the indexer start block', () => {
  it('indexes a chain from the configured block: everything from it on, nothing before', async () => {
    await traffic.mint()
    await traffic.rounds(4, 3)
    const start = (await traffic.head()).number + 1
    await traffic.rounds(4, 3)
    const head = await traffic.head()

    const server = startingAt(JSON.stringify({ [CHAIN_ID]: start }))
    await server.url
    const first = await server.waitForLog(isIndexedBatch, WAIT_MS)
    expect(first.from).toBe(start)
    await server.waitForLog((line) => isIndexedBatch(line) && line.hash === head.hash, WAIT_MS)
    server.child.kill('SIGTERM')
    expect((await server.exited).code).toBe(0)

    const truth = await chainGroundTruth(rig.rpcUrl)
    // Transfers on both sides of the start block, so each half of the claim is tested.
    expect(truth.transfers.filter((line) => !fromBlock(start, 0)(line)).length).toBeGreaterThan(0)
    let db: Database | undefined
    try {
      db = await openDatabase(rig.database.location)
      const stored = await storedState(db, CHAIN_ID)
      expect(stored.transfers.length).toBeGreaterThan(0)
      expect(stored.transfers).toEqual(truth.transfers.filter(fromBlock(start, 0)))
      expect(stored.transactions).toEqual(truth.transactions.filter(fromBlock(start, 0)))
      expect(stored.accounts).toEqual(truth.accounts.filter(fromBlock(start, 1)))
    } finally {
      await db?.close()
    }
  }, 180_000)

  it('refuses to start on a value that is no JSON, names an unknown chain or is negative', async () => {
    const refusals = [
      ['{1: 5}', 'PORTICO_INDEXER_START_BLOCKS must be JSON: {"<chain id>": <block number>, ...}'],
      [
        '{"10": 5}',
        'PORTICO_INDEXER_START_BLOCKS names chain 10, which is not among the chains in PORTICO_CHAINS',
      ],
      [
        '{"1": -1}',
        'PORTICO_INDEXER_START_BLOCKS: the start block of chain 1 must be a block number (an integer from 0), got -1',
      ],
    ]
    await Promise.all(
      refusals.map(async ([value, message]) => {
        const server = startingAt(value as string)
        expect((await server.exited).code, value).toBe(1)
        expect(server.stderr(), value).toBe(`Portico server did not start: ${message}\n`)
      }),
    )
  }, 120_000)
})
