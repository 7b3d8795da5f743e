// What the swap view needs before a quote: the network's swappable tokens (the native coin
// chosen to pay with), the account's balances and the gas price (for the network fee).
// Another network starts the draft over.
import type { ChainAccount } from '../adapters/chain-adapter'
import { HttpStatusError } from '../api/http'
import { shortMessageOf } from '../errors/short-message-of'
import { networkStore } from '../state/network'
import { setSwapToken, swapStore } from '../state/swap'
import { fetchAccountTokens } from './account-tokens'
import { isNativeSwapToken } from './swap-figures'
import { convertApiFor, type SwapClient } from './swap-quote'

/** docs/product.md#validation: what a network without swaps says. */
export const SWAPS_UNSUPPORTED = 'Network not supported for Swaps'

async function loadGasPrice(client: SwapClient, caipNetworkId: string): Promise<void> {
  const gasPrice = await convertApiFor(client)
    .fetchGasPrice(caipNetworkId)
    .catch(() => undefined)
  if (swapStore.get().caipNetworkId === caipNetworkId) swapStore.set({ gasPrice })
}

/**
 * Loads the active network's token list once (again after a failure or on another network),
 * with the gas price and the account's balances beside it.
 */
export async function loadSwapTokens(
  client: SwapClient,
  account: ChainAccount | undefined,
): Promise<void> {
  const network = networkStore.get().activeCaipNetwork
  if (!network) return
  const caipNetworkId = network.caipNetworkId
  const state = swapStore.get()
  if (state.caipNetworkId === caipNetworkId && (state.tokens.length > 0 || state.tokensLoading))
    return
  if (state.caipNetworkId !== caipNetworkId) {
    swapStore.reset()
    swapStore.set({ caipNetworkId })
  }
  swapStore.set({ tokensLoading: true, tokensError: undefined })
  if (account) void fetchAccountTokens(client, account)
  try {
    const list = await convertApiFor(client).fetchTokens(caipNetworkId)
    if (swapStore.get().caipNetworkId !== caipNetworkId) return
    swapStore.set({ tokens: list.tokens, popular: list.popular, tokensLoading: false })
    const native = list.tokens.find(isNativeSwapToken)
    if (!swapStore.get().from && native) setSwapToken('from', native)
    await loadGasPrice(client, caipNetworkId)
  } catch (error) {
    if (swapStore.get().caipNetworkId !== caipNetworkId) return
    // The server refuses a network it cannot swap on (400); the spec's words say which.
    const unsupported = error instanceof HttpStatusError && error.status === 400
    swapStore.set({
      tokensLoading: false,
      tokensError: unsupported ? SWAPS_UNSUPPORTED : (shortMessageOf(error) ?? SWAPS_UNSUPPORTED),
    })
  }
}
