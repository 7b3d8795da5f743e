import { afterAll, describe, expect, it } from 'vitest'
import { type Anvil, startAnvil } from './anvil'

describe('startAnvil', () => {
  let anvil: Anvil | undefined
  afterAll(() => anvil?.stop())

  it('answers JSON-RPC under the chain id it was given', async () => {
    anvil = await startAnvil({ chainId: 8453 })
    const response = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(await response.json()).toMatchObject({ result: '0x2105' })
  })
})
