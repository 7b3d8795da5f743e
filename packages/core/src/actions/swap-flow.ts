// The swap (docs/product.md#views, #transaction-stack): when the router may not spend enough of
// the token paid with, the approval first (GET build-approve), then the swap (POST
// build-transaction, slippage 1 % by default). Each is one entry of the transaction stack with
// ApproveTransaction shown while the wallet is asked and the receipt awaited: the approval goes
// back to the preview, the swap ends on SwapComplete (one step from Account: what was swapped,
// the hash, the explorer link), with fresh balances and fresh activity. A swap the chain reverts (the pool moved beyond the slippage) says so and
// changes nothing else: the draft stays, the preview shows why.
import { formatUnits } from 'viem'
import type { ChainAccount } from '../adapters/chain-adapter'
import { asEvmChainAdapter, type EvmChainAdapter } from '../adapters/evm/evm-chain'
import type { ConvertTransaction } from '../api/convert'
import { PorticoError } from '../errors/portico-error'
import { shortMessageOf } from '../errors/short-message-of'
import { isUserRejection } from '../errors/wallet-errors'
import { formatAmount } from '../format/number'
import { resetHistory } from '../state/history'
import { modalStore } from '../state/modal'
import { pushView, resetView, type TransactionAction } from '../state/router'
import { type SwapQuote, type SwapState, setSwapError, swapStore } from '../state/swap'
import { tokensStore } from '../state/tokens'
import {
  cancelTransactionStack,
  completeTransactionStack,
  dropTransactionStackEntry,
  pushTransactionStack,
} from '../state/transaction-stack'
import { fetchAccountTokens } from './account-tokens'
import { TRANSACTION_DECLINED } from './send-flow'
import { amountUnits, contractOf, isNativeSwapToken, swapDraftError } from './swap-figures'
import { convertApiFor, requestSwapQuote, type SwapClient } from './swap-quote'
import { transactionLink } from './transaction-link'

/** The pool moved beyond the slippage between the quote and the block: the router refused. */
export class SwapRevertedError extends PorticoError {
  override name = 'SwapRevertedError'
  constructor(slippage: number, options: { cause?: unknown } = {}) {
    super(
      `Swap reverted: the price moved more than the ${slippage}% slippage allows. Nothing was swapped.`,
      options,
    )
  }
}

export class SwapApprovalFailedError extends PorticoError {
  override name = 'SwapApprovalFailedError'
  constructor() {
    super('The approval failed: nothing was swapped')
  }
}

export class SwapWalletNotConnectedError extends PorticoError {
  override name = 'SwapWalletNotConnectedError'
  constructor() {
    super('Address or auth connector not found')
  }
}

/** Uniswap V2's refusals when the output (or input) falls outside the slippage. */
const SLIPPAGE_REFUSAL = /INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT/

/** Whether a wallet's failure is the router's slippage refusal (a wallet that simulates first). */
function isSlippageRefusal(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 8; depth++) {
    const { message, details, shortMessage } = current as Record<string, unknown>
    if (
      [message, details, shortMessage].some(
        (t) => typeof t === 'string' && SLIPPAGE_REFUSAL.test(t),
      )
    )
      return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

/** A base-unit quantity the server wrote as decimal digits or hex. */
function quantity(value: string | undefined): bigint | undefined {
  if (value === undefined || value === '') return undefined
  return BigInt(value)
}

/** The draft's quote, if it is for the draft as it is. */
function quoted(draft: SwapState): SwapQuote | undefined {
  const { quote, from, to, amount } = draft
  if (!quote || !from || !to || !amount) return undefined
  return quote.from === from.address && quote.to === to.address && quote.amount === amount.trim()
    ? quote
    : undefined
}

/** Which swap runs: a cancelled one's late wallet answer finds it changed. */
let currentSwap = 0

interface Step {
  tx: ConvertTransaction
  action: TransactionAction
}

/**
 * One transaction through the stack: ApproveTransaction while the wallet is asked and the
 * receipt awaited. Resolves with the receipt's status; a cancel leaves it to the caller.
 */
async function sendStep(
  evm: EvmChainAdapter,
  account: ChainAccount,
  step: Step,
  onSent: () => void = () => {},
): Promise<{ hash: string; succeeded: boolean }> {
  pushTransactionStack(step.action)
  pushView('ApproveTransaction')
  const hash = await evm.sendCall(account, {
    // The server names the contract by its CAIP-10 id; the wallet takes the bare address.
    to: contractOf(step.tx.to),
    data: step.tx.data,
    value: quantity(step.tx.amount) ?? 0n,
    gas: quantity(step.tx.eip155?.gas),
  })
  onSent()
  return { hash, succeeded: await evm.waitForCall(account, hash) }
}

/**
 * Swaps the draft: the approval if the allowance is short, then the swap. Never throws: the
 * preview shows what went wrong (swapStore.error).
 */
export async function executeSwap(client: SwapClient, account: ChainAccount): Promise<void> {
  const draft = swapStore.get()
  const problem = swapDraftError(draft, tokensStore.get().balances)
  const units = draft.from ? amountUnits(draft.amount, draft.from.decimals) : undefined
  if (problem || !draft.from || !draft.to || units === undefined) {
    setSwapError(problem?.shortMessage ?? 'Invalid amount')
    return
  }
  const evm = await client
    .chain('eip155')
    .then(asEvmChainAdapter)
    .catch(() => undefined)
  if (!evm) {
    setSwapError(new SwapWalletNotConnectedError().shortMessage)
    return
  }
  const { from, to, slippage } = draft
  const user = account.address
  const api = convertApiFor(client)
  currentSwap += 1
  const attempt = currentSwap
  let sent = false
  const abandoned = () => attempt !== currentSwap
  // Cancel (ApproveTransaction's button, through the stack) goes back to the preview; what the
  // wallet answers afterwards navigates nothing.
  const onCancel = () => {
    if (abandoned() || sent) return
    currentSwap += 1
    swapStore.set({ step: undefined })
  }
  let action: TransactionAction | undefined
  const stopWatchingClose = modalStore.subscribe(({ open }, previous) => {
    if (open || !previous.open || abandoned() || !action) return
    if (dropTransactionStackEntry(action)) onCancel()
  })
  setSwapError(undefined)
  try {
    if (!isNativeSwapToken(from)) {
      const allowance = await api.fetchAllowance(from.address, user)
      if (allowance < units) {
        swapStore.set({ step: 'approve' })
        const tx = await api.buildApprove({
          userAddress: user,
          from: from.address,
          to: to.address,
          amount: units,
        })
        action = { goBack: true, onCancel }
        const approval = await sendStep(evm, account, { tx, action })
        if (abandoned()) return
        if (!approval.succeeded) throw new SwapApprovalFailedError()
        swapStore.set({ allowanceShort: false })
        completeTransactionStack(action)
      }
    }
    if (abandoned()) return
    swapStore.set({ step: 'swap' })
    // The minimum received is the quote the visitor saw, less the slippage: a pool that moved
    // beyond it since makes the swap revert rather than pay less than was shown.
    const quote =
      quoted(draft) ??
      (await api.fetchQuote({
        amount: units,
        userAddress: user,
        from: from.address,
        to: to.address,
      }))
    const tx = await api.buildTransaction({
      amount: units,
      userAddress: user,
      from: from.address,
      to: to.address,
      slippage,
      toAmount: quote.toAmount,
    })
    if (abandoned()) return
    action = {
      onCancel,
      onSuccess: () => {
        resetView('Account')
        pushView('SwapComplete')
      },
    }
    const swap = await sendStep(evm, account, { tx, action }, () => {
      sent = true
    })
    if (abandoned()) {
      // Approved after the visitor cancelled: the swap is real, so balances and activity catch
      // up; the view stays where the visitor left it.
      resetHistory()
      await fetchAccountTokens(client, account, { forceUpdate: true })
      return
    }
    if (!swap.succeeded) throw new SwapRevertedError(slippage)
    swapStore.set({
      amount: undefined,
      quote: undefined,
      step: undefined,
      error: undefined,
      done: {
        hash: swap.hash,
        paid: `${formatAmount(draft.amount)} ${from.symbol}`,
        received: `${formatAmount(formatUnits(quote.toAmount, to.decimals))} ${to.symbol}`,
        ...transactionLink(swap.hash),
      },
    })
    resetHistory()
    completeTransactionStack(action)
    await fetchAccountTokens(client, account, { forceUpdate: true })
  } catch (error) {
    if (abandoned()) return
    const message = isUserRejection(error)
      ? TRANSACTION_DECLINED
      : error instanceof SwapRevertedError || isSlippageRefusal(error)
        ? new SwapRevertedError(slippage).shortMessage
        : // A wallet's message can run to pages (its request echoed): its first line says it.
          (shortMessageOf(error)?.split('\n')[0] ?? 'The swap failed')
    if (action) cancelTransactionStack(action)
    setSwapError(message)
    // The pool moved: the preview shows the new quote beside the reason.
    void requestSwapQuote(client, account, { delayMs: 0 })
    // A reverted swap still paid its gas: the native balance is read again.
    if (sent) void fetchAccountTokens(client, account, { forceUpdate: true })
  } finally {
    stopWatchingClose()
  }
}
