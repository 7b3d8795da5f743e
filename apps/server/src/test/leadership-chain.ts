// The chain and database both leadership test files use: an anvil, a fresh database, and ETH
// transfers with runs of empty blocks between them.
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import { numberToHex } from 'viem'
import { afterAll, beforeAll } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from './fresh-database'

export const CHAIN_ID = 31337

export interface LeadershipChain {
  readonly anvil: Anvil
  readonly fresh: FreshDatabase
  sendTransfers(count: number): Promise<void>
  head(): Promise<bigint>
}

/** Registers the suite's hooks; read the fields inside tests, once beforeAll has run. */
export function useLeadershipChain(): LeadershipChain {
  let anvil: Anvil | undefined
  let fresh: FreshDatabase | undefined
  beforeAll(async () => {
    ;[anvil, fresh] = await Promise.all([startAnvil({ chainId: CHAIN_ID }), createFreshDatabase()])
  })
  afterAll(async () => {
    await Promise.all([anvil?.stop(), fresh?.drop()])
  })
  const started = () => {
    if (!anvil || !fresh) throw new Error('the leadership chain starts in beforeAll')
    return { anvil, fresh }
  }
  async function rpc<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const response = await fetch(started().anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await response.json()) as { result: T }).result
  }
  return {
    get anvil() {
      return started().anvil
    },
    get fresh() {
      return started().fresh
    },
    async sendTransfers(count) {
      for (let index = 0; index < count; index++) {
        const from = DEV_ACCOUNTS[index % 5]?.address
        const to = DEV_ACCOUNTS[(index + 1) % 5]?.address
        await rpc('eth_sendTransaction', [{ from, to, value: numberToHex(1000 + index) }])
        await rpc('anvil_mine', [numberToHex(index % 7)])
      }
    },
    head: async () => BigInt(await rpc<string>('eth_blockNumber')),
  }
}
