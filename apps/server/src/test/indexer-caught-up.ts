// Waits until the server's indexer has read every block a chain has now, so that what a test
// asks the history and NFT routes for is already in the tables.
import type { Queryable } from '../db/database'

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
