// Waits until the server's indexer has read every block a chain has now, so that what a test
// asks the history and NFT routes for is already in the tables.
import type { Queryable } from '../db/database'

/**
 * The indexer's poll once caught up (config `indexer.pollIntervalMs`) for servers in-process
 * beside a test: a new block is seen within a fifth of a second. At 20 ms the idle server asked
 * its chain lock, the chain's head and its checkpoint 50 times a second for the whole file, in
 * the server, anvil and PGlite: CPU the rest of the suite waits for.
 */
export const TEST_INDEXER_POLL_MS = 200

async function chainHead(rpcUrl: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
  })
  return BigInt(((await response.json()) as { result: string }).result)
}

export async function waitUntilIndexed(
  db: Queryable,
  chain: { chainId: number; rpcUrl: string },
  timeoutMs = 30_000,
): Promise<void> {
  const head = await chainHead(chain.rpcUrl)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ block_number: bigint }>(
      'SELECT block_number FROM indexer_checkpoints WHERE chain_id = $1',
      [chain.chainId],
    )
    if (rows[0] && BigInt(rows[0].block_number) >= head) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`the indexer did not catch up in ${timeoutMs / 1000} s`)
}
