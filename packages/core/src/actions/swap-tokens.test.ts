import {
  alice,
  balances,
  ethToken,
  ROUTER,
  swapTestClient,
  usdcToken,
} from '@portico/test-kit/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import { HttpStatusError } from '../api/http'
import { mainnet } from '../networks'
import { networkStore, setActiveNetwork, setRequestedNetworks } from '../state/network'
import { resetSwap, swapStore } from '../state/swap'
import { clearTokens, setTokens, startTokensFetch } from '../state/tokens'
import { fillMaxSwapAmount } from './swap-max'
import { loadSwapTokens } from './swap-tokens'

/** The swapping account: the test wallet's, on mainnet. */
const account: ChainAccount = {
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  address: alice,
  caipAddress: `eip155:1:${alice}`,
}

beforeEach(() => {
  setRequestedNetworks([mainnet])
  setActiveNetwork(mainnet)
})

afterEach(() => {
  resetSwap()
  clearTokens()
  networkStore.reset()
})

describe('the swap view opening', () => {
  it('lists the network’s tokens, pays with the native coin, and reads the gas price', async () => {
    const { client, nextCall } = await swapTestClient()
    const loading = loadSwapTokens(client, account)
    const tokens = await nextCall('/v1/convert/tokens')
    expect(tokens.query).toEqual({ chainId: 'eip155:1' })
    tokens.answer({
      tokens: [ethToken, usdcToken],
      suggested: [],
      popular: [usdcToken.address],
      router: ROUTER,
    })
    ;(await nextCall('/v1/convert/gas-price')).answer({
      standard: '2000000000',
      fast: '2500000000',
      instant: '3000000000',
    })
    await loading
    expect(swapStore.get()).toMatchObject({
      caipNetworkId: 'eip155:1',
      tokens: [ethToken, usdcToken],
      popular: [usdcToken.address],
      from: ethToken,
      to: undefined,
      gasPrice: 2_000_000_000n,
      tokensLoading: false,
    })
  })

  it("says 'Network not supported for Swaps' when the server refuses the network", async () => {
    const { client, nextCall } = await swapTestClient()
    const loading = loadSwapTokens(client, account)
    ;(await nextCall('/v1/convert/tokens')).fail(new HttpStatusError(400))
    await loading
    expect(swapStore.get()).toMatchObject({
      tokensLoading: false,
      tokensError: 'Network not supported for Swaps',
    })
  })
})

describe('Max', () => {
  it('on the native coin leaves the swap’s gas at twice the gas price', () => {
    startTokensFetch(`eip155:1:${alice}`)
    setTokens(`eip155:1:${alice}`, balances, 'api')
    swapStore.set({ from: ethToken, gasPrice: 1_000_000_000n })
    fillMaxSwapAmount()
    // 1.5 ETH less 180,000 gas x 2 x 1 gwei = 0.00036 ETH.
    expect(swapStore.get().amount).toBe('1.49964')
    swapStore.set({ from: usdcToken })
    fillMaxSwapAmount()
    expect(swapStore.get().amount).toBe('10000')
  })
})
