import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import { createEvmChainAdapter } from '../adapters/evm/evm-chain-adapter'
import type { TokenBalance } from '../api/blockchain'
import { mainnet } from '../networks'
import { closeModal, modalStore, openModal } from '../state/modal'
import { networkStore, setActiveNetwork, setRequestedNetworks } from '../state/network'
import {
  getRouterView,
  pushView,
  resetView,
  routerStore,
  setRouterCloseHandler,
} from '../state/router'
import {
  resetSend,
  sendStore,
  setReceiverAddress,
  setSendAmount,
  setSendToken,
} from '../state/send'
import { cancelTransactionStack, pushTransactionStack } from '../state/transaction-stack'
import { heldWallet } from './held-wallet'
import { fillMaxSendAmount, sendDraftTransaction, TRANSACTION_DECLINED } from './send-flow'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
/** The account the flow acts on: the held wallet's, on mainnet. */
const account: ChainAccount = {
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  address: alice,
  caipAddress: `eip155:1:${alice}`,
}
const gwei = 1_000_000_000n
const hex = (value: bigint) => `0x${value.toString(16)}`

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
const usdc: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  quantity: { decimals: '6', numeric: '10000' },
  iconUrl: '',
}

/**
 * A connected wallet whose eth_sendTransaction waits for the test, and a chain RPC with a
 * 10 gwei base fee, a 2 gwei tip, and every receipt a success.
 */
async function setup() {
  /** Receipts wait for this once `holdReceipts` is called (a block not mined yet). */
  let receiptsHeld: Promise<void> = Promise.resolve()
  let releaseReceipts = () => {}
  const holdReceipts = () => {
    receiptsHeld = new Promise((resolve) => {
      releaseReceipts = resolve
    })
  }
  const rpc = vi.fn(async ({ method }: { method: string; params?: unknown }) => {
    switch (method) {
      case 'eth_chainId':
        return '0x1'
      case 'eth_getBlockByNumber':
        return { number: '0x10', baseFeePerGas: hex(10n * gwei) }
      case 'eth_maxPriorityFeePerGas':
        return hex(2n * gwei)
      case 'eth_gasPrice':
        return hex(12n * gwei)
      case 'eth_estimateGas':
        return hex(21_000n)
      case 'eth_getTransactionReceipt':
        await receiptsHeld
        return { status: '0x1' }
      default:
        throw Object.assign(new Error('Method not found'), { code: -32601 })
    }
  })
  const { wagmiConfig, prompts } = await heldWallet({
    account: alice,
    rpc,
    connector: { id: 'held', name: 'Held Wallet' },
  })
  const fetchBalances = vi.fn(async () => [eth, usdc])
  const client = {
    chain: async () => createEvmChainAdapter(wagmiConfig),
    api: { blockchain: { fetchBalances } },
  }
  /** The wallet's open prompt, once the flow has asked it. */
  const prompt = async (index = 0) =>
    vi.waitFor(() => {
      const open = prompts[index]
      if (!open) throw new Error('no prompt yet')
      return open
    })
  /** The wallet approves the first prompt; resolves once the flow asks for the receipt. */
  const approveAndAwaitReceipt = async (hash: string) => {
    ;(await prompt()).approve(hash)
    await vi.waitFor(() =>
      expect(rpc.mock.calls.some(([call]) => call.method === 'eth_getTransactionReceipt')).toBe(
        true,
      ),
    )
  }
  return {
    client,
    rpc,
    prompt,
    fetchBalances,
    holdReceipts,
    releaseReceipts: () => releaseReceipts(),
    approveAndAwaitReceipt,
  }
}

/** The send went through: nothing loads, the draft starts over, and the sent amount shows. */
function expectCompletedSend(amount: string, symbol: string) {
  expect(sendStore.get()).toMatchObject({
    loading: false,
    sendTokenAmount: undefined,
    sent: { amount, symbol },
  })
}

function draft(token: TokenBalance, amount: string) {
  setSendToken(token)
  setSendAmount(amount)
  setReceiverAddress(bob)
}

beforeEach(() => {
  routerStore.reset()
  setRouterCloseHandler(vi.fn())
  setRequestedNetworks([mainnet])
  setActiveNetwork(mainnet)
  resetView('Account')
  pushView('Send')
  pushView('SendPreview')
})

afterEach(() => {
  modalStore.reset()
  setRouterCloseHandler(undefined)
  resetSend()
  networkStore.reset()
})

describe('Max', () => {
  it('on the native token leaves 21,000 gas at twice the base fee plus tip', async () => {
    const { client, rpc } = await setup()
    setSendToken(eth)
    await fillMaxSendAmount(client, account)
    // 21,000 x 2 x (10 gwei + 2 gwei) = 0.000504 ETH.
    expect(sendStore.get().sendTokenAmount).toBe('1.499496')
    expect(sendStore.get().feeReserve).toBe('0.000504')
    expect(rpc.mock.calls.map(([request]) => request.method)).toContain('eth_getBlockByNumber')
  })

  it('on an ERC-20 takes the whole balance and asks the chain nothing', async () => {
    const { client, rpc } = await setup()
    rpc.mockClear()
    setSendToken(usdc)
    await fillMaxSendAmount(client, account)
    expect(sendStore.get()).toMatchObject({ sendTokenAmount: '10000', feeReserve: undefined })
    expect(rpc).not.toHaveBeenCalled()
  })

  it('fills nothing when the token changed while the fee was asked', async () => {
    const { client } = await setup()
    setSendToken(eth)
    const filling = fillMaxSendAmount(client, account)
    setSendToken(usdc)
    setSendAmount('3')
    await filling
    expect(sendStore.get()).toMatchObject({ sendTokenAmount: '3', feeReserve: undefined })
  })
})

// docs/product.md#transaction-stack: a cancelled transaction goes back.
describe('cancel on ApproveTransaction while the wallet is asked', () => {
  it('goes back, stops loading and keeps the draft', async () => {
    const { client, prompt } = await setup()
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    await prompt()
    expect(getRouterView()).toBe('ApproveTransaction')
    expect(sendStore.get().loading).toBe(true)

    cancelTransactionStack()
    expect(getRouterView()).toBe('SendPreview')
    expect(routerStore.get().transactionStack).toEqual([])
    expect(sendStore.get()).toMatchObject({
      loading: false,
      error: undefined,
      sendTokenAmount: '0.5',
      receiverAddress: bob,
      token: usdc,
    })
    ;(await prompt()).reject()
    await sending
  })

  it('a late approval navigates nothing and keeps the draft, and the balances catch up', async () => {
    const { client, prompt, fetchBalances } = await setup()
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    const open = await prompt()
    cancelTransactionStack()
    fetchBalances.mockClear()

    open.approve(`0x${'ab'.repeat(32)}`)
    await sending
    expect(getRouterView()).toBe('SendPreview')
    expect(routerStore.get().history).toEqual(['Account', 'Send', 'SendPreview'])
    expect(sendStore.get()).toMatchObject({
      loading: false,
      error: undefined,
      sent: undefined,
      sendTokenAmount: '0.5',
      receiverAddress: bob,
    })
    expect(fetchBalances).toHaveBeenCalled()
  })

  it('a late rejection says nothing and navigates nothing', async () => {
    const { client, prompt } = await setup()
    draft(eth, '0.01')
    const sending = sendDraftTransaction(client, account)
    const open = await prompt()
    cancelTransactionStack()
    pushView('Send')

    open.reject()
    await sending
    expect(getRouterView()).toBe('Send')
    expect(sendStore.get()).toMatchObject({ loading: false, error: undefined, token: eth })
    expect(sendStore.get().sendTokenAmount).toBe('0.01')
  })

  it("a late answer to a cancelled send leaves the next send's prompt alone", async () => {
    const { client, prompt } = await setup()
    draft(usdc, '0.5')
    const first = sendDraftTransaction(client, account)
    const firstPrompt = await prompt(0)
    cancelTransactionStack()

    const second = sendDraftTransaction(client, account)
    const secondPrompt = await prompt(1)
    firstPrompt.reject()
    await first
    expect(getRouterView()).toBe('ApproveTransaction')
    expect(routerStore.get().transactionStack).toHaveLength(1)
    expect(sendStore.get()).toMatchObject({ loading: true, error: undefined })

    secondPrompt.approve(`0x${'cd'.repeat(32)}`)
    await second
    // A fungible token's send goes back to Account once confirmed; the draft starts over.
    expect(getRouterView()).toBe('Account')
    expectCompletedSend('0.5', 'USDC')
  })

  it('a rejection while the view is up still says so and goes back', async () => {
    const { client, prompt } = await setup()
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    ;(await prompt()).reject()
    await sending
    expect(getRouterView()).toBe('SendPreview')
    expect(sendStore.get()).toMatchObject({
      loading: false,
      error: TRANSACTION_DECLINED,
      sendTokenAmount: '0.5',
    })
    expect(TRANSACTION_DECLINED).toBe('Transaction declined')
  })
})

describe('a native send that goes through', () => {
  it('shows TransactionSent one step from Account, with the hash and its explorer page', async () => {
    const { client, prompt } = await setup()
    draft(eth, '0.01')
    const sending = sendDraftTransaction(client, account)
    const hash = `0x${'9a'.repeat(32)}`
    ;(await prompt()).approve(hash)
    await sending
    expect(routerStore.get().history).toEqual(['Account', 'TransactionSent'])
    expect(sendStore.get().sent).toEqual({
      hash,
      amount: '0.01',
      symbol: 'ETH',
      networkName: 'Ethereum',
      explorerUrl: `https://etherscan.io/tx/${hash}`,
    })
  })

  it('links no explorer on a network without one', async () => {
    const local = { ...mainnet, blockExplorers: undefined }
    setRequestedNetworks([local])
    setActiveNetwork(local)
    const { client, prompt } = await setup()
    draft(eth, '0.01')
    const sending = sendDraftTransaction(client, account)
    ;(await prompt()).approve(`0x${'9b'.repeat(32)}`)
    await sending
    expect(sendStore.get().sent).toMatchObject({ networkName: 'Ethereum', explorerUrl: undefined })
  })
})

describe('closing the modal while the wallet is asked', () => {
  it('ends loading and keeps the draft; the next opening starts on Account', async () => {
    const { client, prompt } = await setup()
    modalStore.set({ open: true })
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    const open = await prompt()
    expect(sendStore.get().loading).toBe(true)

    expect(closeModal()).toBe(true)
    expect(routerStore.get().transactionStack).toEqual([])
    expect(sendStore.get()).toMatchObject({
      loading: false,
      error: undefined,
      sendTokenAmount: '0.5',
      token: usdc,
    })
    openModal({ isConnected: true })
    expect(getRouterView()).toBe('Account')
    open.reject()
    await sending
    // the late rejection says nothing and moves nothing in the reopened modal
    expect(getRouterView()).toBe('Account')
    expect(sendStore.get()).toMatchObject({ loading: false, error: undefined })
  })

  it('a late approval moves nothing in the reopened modal, and the balances catch up', async () => {
    const { client, prompt, fetchBalances } = await setup()
    modalStore.set({ open: true })
    draft(eth, '0.01')
    const sending = sendDraftTransaction(client, account)
    const open = await prompt()
    closeModal()
    openModal({ isConnected: true })
    pushView('Send')
    fetchBalances.mockClear()

    open.approve(`0x${'ef'.repeat(32)}`)
    await sending
    expect(getRouterView()).toBe('Send')
    expect(routerStore.get().history).toEqual(['Account', 'Send'])
    expect(sendStore.get()).toMatchObject({ loading: false, sent: undefined })
    expect(fetchBalances).toHaveBeenCalled()
  })

  it('once the wallet has sent the transfer, only the navigation goes: the receipt completes the send', async () => {
    const { client, approveAndAwaitReceipt, holdReceipts, releaseReceipts } = await setup()
    holdReceipts()
    modalStore.set({ open: true })
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    await approveAndAwaitReceipt(`0x${'12'.repeat(32)}`)
    closeModal()
    expect(routerStore.get().transactionStack).toEqual([])
    // still sending: the transfer was made
    expect(sendStore.get().loading).toBe(true)
    openModal({ isConnected: true })
    pushView('Send')

    releaseReceipts()
    await sending
    expect(getRouterView()).toBe('Send')
    expectCompletedSend('0.5', 'USDC')
  })

  it("takes only its own entry off the stack, never another flow's on top of it", async () => {
    const { client, approveAndAwaitReceipt, holdReceipts, releaseReceipts } = await setup()
    holdReceipts()
    modalStore.set({ open: true })
    draft(eth, '0.01')
    const sending = sendDraftTransaction(client, account)
    await approveAndAwaitReceipt(`0x${'34'.repeat(32)}`)
    // another flow's pending transaction, pushed while the send waits for its receipt
    const other = { onCancel: vi.fn(), onSuccess: vi.fn() }
    pushTransactionStack(other)

    closeModal()
    expect(routerStore.get().transactionStack).toEqual([other])
    releaseReceipts()
    await sending
    expect(routerStore.get().transactionStack).toEqual([other])
    expect(other.onCancel).not.toHaveBeenCalled()
    expect(other.onSuccess).not.toHaveBeenCalled()
  })

  it('cancel once the wallet has sent the transfer goes back, and the receipt completes the send', async () => {
    const { client, approveAndAwaitReceipt, holdReceipts, releaseReceipts } = await setup()
    holdReceipts()
    draft(usdc, '0.5')
    const sending = sendDraftTransaction(client, account)
    await approveAndAwaitReceipt(`0x${'56'.repeat(32)}`)
    cancelTransactionStack()
    expect(getRouterView()).toBe('SendPreview')
    releaseReceipts()
    await sending
    expect(getRouterView()).toBe('SendPreview')
    expectCompletedSend('0.5', 'USDC')
  })
})
