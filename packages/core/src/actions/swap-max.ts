// Max on the swap view: a token's whole balance; the native coin's balance less what the swap's
// gas may cost, so the swap can pay for itself.
import { formatUnits } from 'viem'
import { setSwapAmount, swapStore } from '../state/swap'
import { tokensStore } from '../state/tokens'
import { amountUnits, balanceOf, isNativeSwapToken, SWAP_GAS_ESTIMATE } from './swap-figures'

/**
 * The native coin kept back: the swap's gas at twice the gas price, as a wallet's max fee per
 * gas is set (about twice the base fee plus the tip) and a node refuses a transaction whose
 * gas limit times max fee plus value exceeds the balance.
 */
export function nativeSwapReserve(gasPrice: bigint): bigint {
  return SWAP_GAS_ESTIMATE * 2n * gasPrice
}

export function fillMaxSwapAmount(): void {
  const { from, gasPrice } = swapStore.get()
  const balance = balanceOf(from, tokensStore.get().balances)
  if (!from || !balance) return
  if (!isNativeSwapToken(from)) {
    setSwapAmount(balance.quantity.numeric)
    return
  }
  const held = amountUnits(balance.quantity.numeric, from.decimals) ?? 0n
  const left = held - nativeSwapReserve(gasPrice ?? 0n)
  setSwapAmount(left > 0n ? formatUnits(left, from.decimals) : '0')
}
