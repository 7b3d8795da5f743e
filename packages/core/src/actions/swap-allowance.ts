// Whether the swap needs an approval first: the router may spend less of the token paid with
// than the amount (GET /v1/convert/allowance). The native coin needs none. The preview reads it
// to say so on its button; the swap flow asks again before it sends, as the allowance may have
// changed meanwhile.
import type { ChainAccount } from '../adapters/chain-adapter'
import { swapStore } from '../state/swap'
import { amountUnits, isNativeSwapToken } from './swap-figures'
import { convertApiFor, type SwapClient } from './swap-quote'

/** Checks the draft's allowance and records it in the store; a failed check records nothing. */
export async function checkSwapAllowance(
  client: SwapClient,
  account: ChainAccount,
): Promise<boolean | undefined> {
  const { from, amount } = swapStore.get()
  const units = from ? amountUnits(amount, from.decimals) : undefined
  const user = account.address
  if (!from || units === undefined) return undefined
  if (isNativeSwapToken(from)) {
    swapStore.set({ allowanceShort: false })
    return false
  }
  try {
    const allowance = await convertApiFor(client).fetchAllowance(from.address, user)
    const short = allowance < units
    // Only if the draft is still the one checked.
    const now = swapStore.get()
    if (now.from === from && now.amount === amount) swapStore.set({ allowanceShort: short })
    return short
  } catch {
    return undefined
  }
}
