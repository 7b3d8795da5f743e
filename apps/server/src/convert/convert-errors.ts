// Errors of the convert routes, in the server's error shape. The two network refusals carry the
// spec's words (docs/product.md#validation); the rest are ours.
import { MAX_SLIPPAGE_PERCENT } from '@portico/protocol/convert-slippage'
import { defineServerError } from '../errors'

export const SwapsNetworkUnsupportedError = defineServerError({
  name: 'SwapsNetworkUnsupportedError',
  status: 400,
  code: 'UNSUPPORTED_NETWORK',
  message: 'Network not supported for Swaps',
})

export const GasPriceNetworkUnsupportedError = defineServerError({
  name: 'GasPriceNetworkUnsupportedError',
  status: 400,
  code: 'UNSUPPORTED_NETWORK',
  message: 'Network not supported for Gas Price',
})

/** A CAIP-10 id that breaks the grammar, or an eip155 one whose address is not 0x + 40 hex. */
export const InvalidTokenAddressError = defineServerError({
  name: 'InvalidTokenAddressError',
  status: 400,
  code: 'INVALID_ADDRESS',
  message: 'Invalid CAIP-10 address',
})

export const InvalidUserAddressError = defineServerError({
  name: 'InvalidUserAddressError',
  status: 400,
  code: 'INVALID_ADDRESS',
  message: 'Invalid userAddress: 0x and 40 hex digits, or a CAIP-10 account on the same chain',
})

export const UnsupportedSwapTokenError = defineServerError({
  name: 'UnsupportedSwapTokenError',
  status: 400,
  code: 'UNSUPPORTED_TOKEN',
  message: (caip10: string) => `Token not supported for Swaps: ${caip10}`,
})

export const NoSwapRouteError = defineServerError({
  name: 'NoSwapRouteError',
  status: 400,
  code: 'NO_ROUTE',
  message: 'No pool route between these tokens',
})

/** Every route's pools would make the router revert (an amount rounding to nothing, or overflow). */
export const SwapAmountUnusableError = defineServerError({
  name: 'SwapAmountUnusableError',
  status: 400,
  code: 'AMOUNT_UNUSABLE',
  message: 'The amount is too small or too large for the pools',
})

/** The chain's gas estimate reverted: the swap would fail if sent now. */
export const SwapWouldRevertError = defineServerError({
  name: 'SwapWouldRevertError',
  status: 400,
  code: 'SWAP_WOULD_REVERT',
  message: (reason: string) => `The swap would fail: ${reason}`,
})

/**
 * A toAmount that, less the slippage, would let the swap pay less than the pools pay now less
 * MAX_SLIPPAGE_PERCENT: a swap that accepts next to nothing invites a sandwich.
 */
export const ToAmountTooLowError = defineServerError({
  name: 'ToAmountTooLowError',
  status: 400,
  code: 'TO_AMOUNT_TOO_LOW',
  message: (least: bigint) =>
    `toAmount is too low: with the slippage taken off it must be at least ${least} ` +
    `(what the pools pay now, less ${MAX_SLIPPAGE_PERCENT} %). Ask for a new quote`,
})
