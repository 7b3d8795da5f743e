// The figures the swap view shows beside a quote (rate, price impact, network fee, minimum
// received) and the rules a draft must pass before it is sent. Pure: the views and the flow
// compute them from the swap store, the account's balances and the quote.
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import { formatUnits, parseUnits } from 'viem'
import type { TokenBalance } from '../api/blockchain'
import type { SwapToken } from '../api/convert'
import { PorticoError } from '../errors/portico-error'
import { formatAmount } from '../format/number'
import type { SwapQuote, SwapState } from '../state/swap'

/** The least a swap pays at a slippage, as the server writes it into the swap. */
export { minimumToAmount as minimumReceived } from '@portico/protocol/convert-slippage'

/**
 * Ours: the gas a Uniswap V2 swap of one or two hops takes at most, for the fee shown before the
 * server has built the transaction (measured on the devnet: 105k to 150k; an approval is 46k).
 */
export const SWAP_GAS_ESTIMATE = 180_000n

export class InsufficientSwapBalanceError extends PorticoError {
  override name = 'InsufficientSwapBalanceError'
  constructor() {
    super('Insufficient balance')
  }
}

export class InvalidSwapAmountError extends PorticoError {
  override name = 'InvalidSwapAmountError'
  constructor() {
    super('Invalid amount')
  }
}

export class SwapTokensRequiredError extends PorticoError {
  override name = 'SwapTokensRequiredError'
  constructor() {
    super('Select a token to pay with and one to receive')
  }
}

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/

/** The native coin's CAIP-10 id ends with its ERC-7528 address, in any case. */
export function isNativeSwapToken(token: Pick<SwapToken, 'address'>): boolean {
  return token.address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`)
}

/** The contract address of a CAIP-10 id (its last part). */
export const contractOf = (caip10: string): string => caip10.split(':').at(-1) ?? caip10

/**
 * A typed decimal in base units; digits past the token's decimals are cut, never rounded up
 * (a swap never pays more than was typed). Undefined for text that is no positive amount.
 */
export function amountUnits(amount: string | undefined, decimals: number): bigint | undefined {
  const text = amount?.trim()
  if (!text || !DECIMAL.test(text)) return undefined
  const [whole = '', fraction = ''] = text.split('.')
  const units = parseUnits(`${whole || '0'}.${fraction.slice(0, decimals) || '0'}`, decimals)
  return units > 0n ? units : undefined
}

/** The account's balance of `token` on its network, from the Tokens tab's list. */
export function balanceOf(
  token: Pick<SwapToken, 'address'> | undefined,
  balances: readonly TokenBalance[],
): TokenBalance | undefined {
  if (!token) return undefined
  const id = token.address.toLowerCase()
  return balances.find((balance) => balance.address?.toLowerCase() === id)
}

/** Base units as a decimal string ("299.1"), for display. */
export function unitsText(units: bigint, decimals: number): string {
  return formatUnits(units, decimals)
}

/**
 * A rate as shown: 3 decimals as every amount (docs/product.md#constants), but a rate under 1
 * (1 USDC = 0.0003334 ETH) keeps 4 significant digits, or it would read "<0.001".
 */
export function formatSwapRate(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0) return '0'
  if (rate >= 1) return formatAmount(rate.toFixed(3))
  const digits = Math.min(20, Math.ceil(-Math.log10(rate)) + 3)
  return rate.toFixed(digits).replace(/0+$/, '')
}

/** How many `to` one `from` buys at the quote. */
export function swapRate(quote: SwapQuote, from: SwapToken, to: SwapToken): number {
  const paid = Number(formatUnits(quote.fromAmount, from.decimals))
  const received = Number(formatUnits(quote.toAmount, to.decimals))
  return paid > 0 ? received / paid : 0
}

/** The fee of `gas` at `gasPrice` (wei) in the native coin, with its USD value if priced. */
export function networkFee(
  gas: bigint,
  gasPrice: bigint,
  native: { symbol: string; price: number | undefined },
): { numeric: string; symbol: string; value: number | undefined } {
  const numeric = formatUnits(gas * gasPrice, 18)
  return {
    numeric,
    symbol: native.symbol,
    value: native.price === undefined ? undefined : Number(numeric) * native.price,
  }
}

/**
 * The first reason the draft cannot be swapped, or undefined. An empty amount is no error (the
 * view asks for one); an amount above the balance (for the native coin, with the swap's gas at
 * the known gas price) is 'Insufficient balance'.
 */
export function swapDraftError(
  draft: Pick<SwapState, 'from' | 'to' | 'amount'> & Partial<Pick<SwapState, 'gasPrice'>>,
  balances: readonly TokenBalance[],
): PorticoError | undefined {
  if (!draft.from || !draft.to) return new SwapTokensRequiredError()
  if (!draft.amount?.trim()) return undefined
  const units = amountUnits(draft.amount, draft.from.decimals)
  if (units === undefined) return new InvalidSwapAmountError()
  const balance = balanceOf(draft.from, balances)
  const held = balance ? (amountUnits(balance.quantity.numeric, draft.from.decimals) ?? 0n) : 0n
  // The native coin also pays the swap's gas: what is left must cover it.
  const gas = isNativeSwapToken(draft.from) ? SWAP_GAS_ESTIMATE * (draft.gasPrice ?? 0n) : 0n
  if (units + gas > held) return new InsufficientSwapBalanceError()
  return undefined
}
