// The modal's client (@portico/core api/) against the real server on a devnet: both sides of
// the balance and price calls agree on paths, query parameters and shapes.
import { createPorticoApi, findNativeBalance, NATIVE_TOKEN_ADDRESS } from '@portico/core'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS } from '@portico/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'

let setup: DevnetServer

beforeAll(async () => {
  setup = await startDevnetServer()
})
afterAll(async () => {
  await setup?.stop()
})

const api = () => createPorticoApi({ apiUrl: setup.server.url, projectId: DEV_PROJECT_ID })

describe('the core client against the server', () => {
  it("reads account 0's balances, native first, through fetchBalances", async () => {
    const balances = await api().blockchain.fetchBalances(DEV_ACCOUNTS[0].address, 'eip155:1')
    expect(balances.map((balance) => balance.symbol)).toEqual(['ETH', 'USDC', 'PRTC'])
    expect(findNativeBalance(balances)?.symbol).toBe('ETH')
    const forced = await api().blockchain.fetchBalances(DEV_ACCOUNTS[0].address, 'eip155:1', {
      forceUpdate: true,
    })
    expect(forced.map((balance) => balance.quantity)).toEqual(
      balances.map((balance) => balance.quantity),
    )
  })

  it("gets 'HTTP status code: 400' for a chain the server does not serve", async () => {
    await expect(
      api().blockchain.fetchBalances(DEV_ACCOUNTS[0].address, 'eip155:999'),
    ).rejects.toThrow('HTTP status code: 400')
  })

  it('prices tokens through fetchFungiblePrice', async () => {
    const fungibles = await api().blockchain.fetchFungiblePrice([
      `eip155:1:${NATIVE_TOKEN_ADDRESS}`,
      `eip155:1:${DEVNET_CONTRACTS.usdc}`,
    ])
    expect(fungibles.map(({ symbol, price }) => [symbol, price !== undefined])).toEqual([
      ['ETH', true],
      ['USDC', true],
    ])
  })

  it('lists the chain through fetchSupportedChains', async () => {
    expect(await api().blockchain.fetchSupportedChains()).toEqual({ http: ['eip155:1'], ws: [] })
  })
})
