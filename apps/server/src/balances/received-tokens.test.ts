import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open-database'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { IndexedReceivedTokens } from './received-tokens'

const owner = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0x8ce361602b935680e8dec218b820ff5056beb7af'
const PRTC = '0xe1aa25618fa0c7a1cfdab5d6b456af611873b629'
const NFT = '0xe1da8919f262ee86f9be05059c9280142cf23f48'

let fresh: FreshDatabase
let db: Database
beforeAll(async () => {
  fresh = await createFreshDatabase()
  db = await openDatabase(fresh.location)
})
afterAll(async () => {
  await db?.close()
  await fresh?.drop()
})

const hex = (address: string) => address.slice(2).toLowerCase()

/** One indexed transaction with one transfer, as the indexer records them. */
async function recordTransfer(input: {
  chainId: number
  block: number
  kind: number
  token: string
  from: string
  to: string
}) {
  for (const address of new Set([input.from, input.to])) {
    await db.query(
      `INSERT INTO account_transactions (address, chain_id, block_number, tx_index, mined_at)
       VALUES (decode($1, 'hex'), $2, $3, 0, now())`,
      [hex(address), input.chainId, input.block],
    )
  }
  await db.query(
    `INSERT INTO token_transfers (chain_id, block_number, tx_index, log_index, batch_index, kind,
       token, token_id, from_address, to_address, amount)
     VALUES ($1, $2, 0, 0, 0, $3, decode($4, 'hex'), NULL, decode($5, 'hex'), decode($6, 'hex'), 1)`,
    [input.chainId, input.block, input.kind, hex(input.token), hex(input.from), hex(input.to)],
  )
}

describe('IndexedReceivedTokens', () => {
  it("finds nothing before the indexer's tables exist, and keeps working after", async () => {
    expect(await new IndexedReceivedTokens(db).find('eip155:1', owner)).toEqual([])
  })

  it('finds the ERC-20 contracts an address received on the chain asked for', async () => {
    await migrate(db)
    await recordTransfer({ chainId: 1, block: 10, kind: 1, token: USDC, from: other, to: owner })
    await recordTransfer({ chainId: 1, block: 11, kind: 1, token: USDC, from: other, to: owner })
    // Sent, not received; an NFT; another chain: none of these count.
    await recordTransfer({ chainId: 1, block: 12, kind: 1, token: PRTC, from: owner, to: other })
    await recordTransfer({ chainId: 1, block: 13, kind: 2, token: NFT, from: other, to: owner })
    await recordTransfer({ chainId: 8453, block: 14, kind: 1, token: PRTC, from: other, to: owner })

    const finder = new IndexedReceivedTokens(db)
    expect(await finder.find('eip155:1', owner)).toEqual([USDC])
    expect(await finder.find('eip155:8453', owner)).toEqual([PRTC])
    expect(await finder.find('eip155:1', other)).toEqual([PRTC])
    expect(await finder.find('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', owner)).toEqual([])
  })
})
