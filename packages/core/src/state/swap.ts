// The swap draft (docs/product.md#views, a swap view): the tokens the network can swap, the two
// chosen, the amount typed, the latest quote and what the swap flow is doing. Only the lazily
// loaded swap views and flows import it, so the page's first chunk does not carry it.
import type { SwapToken } from '../api/convert'
import { SLIPPAGE_TOLERANCE_DEFAULT } from '../constants'
import { onNamespaceSwitch } from './network'
import { createStore } from './store'

/** A quote for the draft as it was when asked: amounts in base units. */
export interface SwapQuote {
  from: string
  to: string
  /** The amount typed, as typed ("0.1"). */
  amount: string
  fromAmount: bigint
  toAmount: bigint
  /** Percent worse than the pools' mid price, the pool fees included; unknown: undefined. */
  priceImpact: number | undefined
  /** The swap transaction's gas limit. */
  gas: bigint | undefined
}

/** A swap that went through, for the success message. */
/** A finished swap, as its result view shows it. */
export interface SwapDone {
  hash: string
  /** What was paid, with its symbol: "0.1 ETH". */
  paid: string
  /** What the quote said arrives, with its symbol: "299.1 USDC". */
  received: string
  networkName: string | undefined
  /** The transaction's explorer page; undefined where the network has no explorer. */
  explorerUrl: string | undefined
}

export interface SwapState {
  /** The network the token list is of. */
  caipNetworkId: string | undefined
  tokens: SwapToken[]
  /** CAIP-10 ids the token picker lists first. */
  popular: string[]
  tokensLoading: boolean
  tokensError: string | undefined
  from: SwapToken | undefined
  to: SwapToken | undefined
  /** The amount to pay, as typed (decimal). */
  amount: string | undefined
  quote: SwapQuote | undefined
  quoteLoading: boolean
  quoteError: string | undefined
  /** Gas price in wei, for the network fee. */
  gasPrice: bigint | undefined
  /** Percent. */
  slippage: number
  /**
   * Whether the router may spend less of the token paid with than the amount (an approval
   * comes first); undefined until checked, and for the native coin.
   */
  allowanceShort: boolean | undefined
  /** Which step the wallet is asked for, while a swap runs. */
  step: 'approve' | 'swap' | undefined
  /** Why the last swap did not go through. */
  error: string | undefined
  done: SwapDone | undefined
}

export const swapStore = /* @__PURE__ */ createStore<SwapState>(() => ({
  caipNetworkId: undefined,
  tokens: [],
  popular: [],
  tokensLoading: false,
  tokensError: undefined,
  from: undefined,
  to: undefined,
  amount: undefined,
  quote: undefined,
  quoteLoading: false,
  quoteError: undefined,
  gasPrice: undefined,
  slippage: SLIPPAGE_TOLERANCE_DEFAULT,
  allowanceShort: undefined,
  step: undefined,
  error: undefined,
  done: undefined,
}))

const sameToken = (a: SwapToken | undefined, b: SwapToken | undefined) =>
  a !== undefined && b !== undefined && a.address.toLowerCase() === b.address.toLowerCase()

/**
 * Picks the token to pay with or the one to receive. Picking the token already on the other
 * side swaps the two, as a visitor who picks it means. The old quote no longer applies.
 */
export function setSwapToken(side: 'from' | 'to', token: SwapToken | undefined): void {
  const state = swapStore.get()
  const other = side === 'from' ? state.to : state.from
  const previous = state[side]
  const patch: Partial<SwapState> = {
    [side]: token,
    quote: undefined,
    error: undefined,
    allowanceShort: undefined,
  }
  if (sameToken(token, other)) patch[side === 'from' ? 'to' : 'from'] = previous
  swapStore.set(patch)
}

/** Pay with the token received and receive the one paid with. */
export function flipSwapTokens(): void {
  const { from, to } = swapStore.get()
  swapStore.set({
    from: to,
    to: from,
    quote: undefined,
    error: undefined,
    allowanceShort: undefined,
  })
}

export function setSwapAmount(amount: string | undefined): void {
  swapStore.set({ amount, error: undefined, allowanceShort: undefined })
}

export function setSwapError(error: string | undefined): void {
  swapStore.set({ error, step: undefined })
}

export function resetSwap(): void {
  swapStore.reset()
}

// A token list is of one network: another namespace starts the draft over.
onNamespaceSwitch(resetSwap)
