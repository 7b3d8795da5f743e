import {
  alice,
  balances,
  ethToken,
  ROUTER,
  signedTransactionHash,
  swapTestClient,
  usdcToken,
} from '@portico/test-kit/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import { mainnet } from '../networks'
import { modalStore } from '../state/modal'
import { networkStore, setActiveNetwork, setRequestedNetworks } from '../state/network'
import { pushView, resetView, routerStore, setRouterCloseHandler } from '../state/router'
import { resetSwap, setSwapAmount, setSwapToken, swapStore } from '../state/swap'
import { hideToast, toastStore } from '../state/toast'
import { clearTokens, setTokens, startTokensFetch } from '../state/tokens'
import { TRANSACTION_DECLINED } from './send-flow'
import { executeSwap } from './swap-flow'

/** The swapping account: the test wallet's, on mainnet. */
const account: ChainAccount = {
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  address: alice,
  caipAddress: `eip155:1:${alice}`,
}

/** Hashes as a wallet answers them: of real transactions the dev account signs, one per nonce. */
const hashes = await Promise.all([0, 1, 2, 3].map((nonce) => signedTransactionHash(nonce)))
const hash = (name: 'a' | 'b' | 'c' | 'd') => hashes['abcd'.indexOf(name)] as `0x${string}`
const REVERTED =
  'Swap reverted: the price moved more than the 1% slippage allows. Nothing was swapped.'

function tx(to: string, data: string, amount = '0') {
  return {
    tx: {
      from: `eip155:1:${alice}`,
      to: `eip155:1:${to}`,
      data,
      amount,
      eip155: { gas: '150000', gasPrice: '1000000000' },
    },
  }
}

/** The draft as the preview shows it, with its quote. */
function draft(from: typeof ethToken, to: typeof ethToken, amount: string, toAmount: bigint) {
  setSwapToken('from', from)
  setSwapToken('to', to)
  setSwapAmount(amount)
  swapStore.set({
    quote: {
      from: from.address,
      to: to.address,
      amount,
      fromAmount: 0n,
      toAmount,
      priceImpact: 0.3,
      gas: 150_000n,
    },
  })
}

beforeEach(() => {
  setRequestedNetworks([mainnet])
  setActiveNetwork(mainnet)
  setRouterCloseHandler(vi.fn())
  startTokensFetch(`eip155:1:${alice}`)
  setTokens(`eip155:1:${alice}`, balances, 'api')
  resetView('Account')
  pushView('Swap')
  pushView('SwapPreview')
})

afterEach(() => {
  resetSwap()
  clearTokens()
  hideToast()
  modalStore.reset()
  routerStore.reset()
  networkStore.reset()
  setRouterCloseHandler(undefined)
})

describe('a swap of a token whose allowance is short', () => {
  it('approves first, then swaps, both through ApproveTransaction, and ends on SwapComplete, one step from Account', async () => {
    const { client, nextCall, nextPrompt, receipts, fetchBalances } = await swapTestClient()
    draft(usdcToken, ethToken, '50', 16_500_000_000_000_000n)
    const done = executeSwap(client, account)

    const allowance = await nextCall('/v1/convert/allowance')
    expect(allowance.query).toEqual({ tokenAddress: usdcToken.address, userAddress: alice })
    allowance.answer({ allowance: '0' })
    const approve = await nextCall('/v1/convert/build-approve')
    expect(approve.query).toEqual({
      userAddress: alice,
      from: usdcToken.address,
      to: ethToken.address,
      amount: '50000000',
    })
    approve.answer(tx('0x8ce361602B935680E8DeC218b820ff5056BeB7af', '0x095ea7b3'))
    const approval = await nextPrompt(0)
    expect(routerStore.get().view).toBe('ApproveTransaction')
    expect(swapStore.get().step).toBe('approve')
    expect(approval.params).toMatchObject({
      from: alice,
      to: '0x8ce361602B935680E8DeC218b820ff5056BeB7af',
      data: '0x095ea7b3',
      value: '0x0',
      gas: '0x249f0',
    })
    receipts.set(hash('a'), '0x1')
    approval.approve(hash('a'))

    // The approval goes back to the preview; the swap is built with the quote the visitor saw.
    const build = await nextCall('/v1/convert/build-transaction')
    expect(routerStore.get().view).toBe('SwapPreview')
    expect(swapStore.get()).toMatchObject({ step: 'swap', allowanceShort: false })
    expect(build.body).toEqual({
      projectId: 'p1',
      userAddress: alice,
      from: usdcToken.address,
      to: ethToken.address,
      amount: '50000000',
      eip155: { slippage: 1 },
      toAmount: '16500000000000000',
      disableEstimate: true,
    })
    build.answer(tx(ROUTER, '0x18cbafe5'))
    const swap = await nextPrompt(1)
    expect(routerStore.get().view).toBe('ApproveTransaction')
    receipts.set(hash('b'), '0x1')
    swap.approve(hash('b'))
    await done

    expect(routerStore.get().history).toEqual(['Account', 'SwapComplete'])
    // The result view says it: no toast over it.
    expect(toastStore.get().open).toBe(false)
    expect(swapStore.get()).toMatchObject({
      amount: undefined,
      quote: undefined,
      error: undefined,
      step: undefined,
      done: {
        hash: hash('b'),
        paid: '50 USDC',
        received: '0.016 ETH',
        networkName: 'Ethereum',
        explorerUrl: `https://etherscan.io/tx/${hash('b')}`,
      },
    })
    expect(fetchBalances).toHaveBeenCalledWith(alice, 'eip155:1', { forceUpdate: true })
  })
})

describe('a swap of the native coin', () => {
  it('asks no allowance and sends the swap with its value', async () => {
    const { client, calls, nextCall, nextPrompt, receipts } = await swapTestClient()
    draft(ethToken, usdcToken, '0.1', 299_000_000n)
    const done = executeSwap(client, account)
    ;(await nextCall('/v1/convert/build-transaction')).answer(
      tx(ROUTER, '0x7ff36ab5', '100000000000000000'),
    )
    const prompt = await nextPrompt(0)
    expect(prompt.params).toMatchObject({ to: ROUTER, value: '0x16345785d8a0000' })
    receipts.set(hash('c'), '0x1')
    prompt.approve(hash('c'))
    await done
    expect(calls.map((call) => call.path)).toEqual(['/v1/convert/build-transaction'])
    expect(swapStore.get().done).toMatchObject({ paid: '0.1 ETH', received: '299 USDC' })
    expect(routerStore.get().view).toBe('SwapComplete')
  })

  it('that the chain reverts (the pool moved beyond the slippage) says so and keeps the draft', async () => {
    const { client, nextCall, nextPrompt, receipts, fetchBalances } = await swapTestClient()
    draft(ethToken, usdcToken, '0.1', 299_000_000n)
    const done = executeSwap(client, account)
    ;(await nextCall('/v1/convert/build-transaction')).answer(
      tx(ROUTER, '0x7ff36ab5', '100000000000000000'),
    )
    receipts.set(hash('d'), '0x0')
    ;(await nextPrompt(0)).approve(hash('d'))
    await done

    expect(routerStore.get().view).toBe('SwapPreview')
    expect(swapStore.get()).toMatchObject({ error: REVERTED, amount: '0.1', step: undefined })
    expect(swapStore.get().from).toEqual(ethToken)
    expect(toastStore.get().open).toBe(false)
    // A fresh quote is asked at once, and the balances read again (the gas was paid).
    await nextCall('/v1/convert/quotes')
    await vi.waitFor(() =>
      expect(fetchBalances).toHaveBeenCalledWith(alice, 'eip155:1', { forceUpdate: true }),
    )
  })

  it('that a wallet refuses to send because it would revert says the same', async () => {
    const { client, nextCall, nextPrompt } = await swapTestClient()
    draft(ethToken, usdcToken, '0.1', 299_000_000n)
    const done = executeSwap(client, account)
    ;(await nextCall('/v1/convert/build-transaction')).answer(tx(ROUTER, '0x7ff36ab5'))
    const prompt = await nextPrompt(0)
    const refusal = Object.assign(
      new Error('execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'),
      { code: -32603 },
    )
    prompt.fail(refusal)
    await done
    expect(swapStore.get().error).toBe(REVERTED)
    expect(routerStore.get().view).toBe('SwapPreview')
  })

  it('declined in the wallet goes back to the preview with the draft as it was', async () => {
    const { client, nextCall, nextPrompt } = await swapTestClient()
    draft(ethToken, usdcToken, '0.1', 299_000_000n)
    const done = executeSwap(client, account)
    ;(await nextCall('/v1/convert/build-transaction')).answer(tx(ROUTER, '0x7ff36ab5'))
    ;(await nextPrompt(0)).reject()
    await done
    expect(routerStore.get().view).toBe('SwapPreview')
    expect(swapStore.get()).toMatchObject({ error: TRANSACTION_DECLINED, amount: '0.1' })
  })
})

describe('a draft that cannot be swapped', () => {
  it("is refused with 'Insufficient balance' and asks nothing", async () => {
    const { client, calls } = await swapTestClient()
    draft(ethToken, usdcToken, '2', 1n)
    await executeSwap(client, account)
    expect(swapStore.get().error).toBe('Insufficient balance')
    expect(calls).toHaveLength(0)
    expect(routerStore.get().view).toBe('SwapPreview')
  })
})
