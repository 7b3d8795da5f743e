// The quote as the amount changes: asked SWAP_QUOTE_DEBOUNCE_MS after the last keystroke (one
// request per pause, not one per digit), and shown only if it answers the draft as it is now:
// an older request that answers late never overwrites a newer one. Time comes from
// time/clock.ts, so tests drive the wait with fake timers.
import type { ChainAccount, ChainAdapterFor } from '../adapters/chain-adapter'
import type { BlockchainApi } from '../api/blockchain'
import { type ConvertApi, createConvertApi } from '../api/convert'
import { type HttpClient, HttpStatusError } from '../api/http'
import { SEARCH_WAIT_MS } from '../constants'
import { shortMessageOf } from '../errors/short-message-of'
import { swapStore } from '../state/swap'
import { clock } from '../time/clock'
import { amountUnits } from './swap-figures'

/** The spec's search wait (300 ms) serves the quote too: a pause in typing, not each digit. */
export const SWAP_QUOTE_DEBOUNCE_MS = SEARCH_WAIT_MS

/** Not in the spec's words: the server has no quote for this pair and amount. */
export const NO_QUOTE = 'No quote for this swap'

export interface SwapClient {
  chain: ChainAdapterFor
  api: {
    http: HttpClient
    blockchain: Pick<BlockchainApi, 'fetchBalances'>
  }
}

// One convert client per HTTP client (a memo: the HTTP client holds the settings).
const convertApis = new WeakMap<HttpClient, ConvertApi>()

export function convertApiFor(client: Pick<SwapClient, 'api'>): ConvertApi {
  let api = convertApis.get(client.api.http)
  if (!api) {
    api = createConvertApi(client.api.http)
    convertApis.set(client.api.http, api)
  }
  return api
}

/** The request whose answer may be shown: every later request or edit moves it on. */
let latest = 0
let timer: unknown
let pending: { resolve: () => void; controller: AbortController } | undefined

function stopPending(): void {
  if (timer !== undefined) clock.clearTimeout(timer)
  timer = undefined
  pending?.controller.abort()
  pending?.resolve()
  pending = undefined
}

/** What the quote would be asked for now, or undefined when the draft cannot be quoted. */
function quoteKey() {
  const { from, to, amount } = swapStore.get()
  if (!from || !to || !amount) return undefined
  const units = amountUnits(amount, from.decimals)
  return units === undefined ? undefined : { from, to, amount: amount.trim(), units }
}

/**
 * Asks for a quote of the draft after the debounce; resolves once that quote is shown or
 * superseded. A draft that cannot be quoted (no amount, no token) clears the quote at once.
 */
export function requestSwapQuote(
  client: SwapClient,
  account: ChainAccount,
  { delayMs = SWAP_QUOTE_DEBOUNCE_MS }: { delayMs?: number } = {},
): Promise<void> {
  stopPending()
  const id = ++latest
  const key = quoteKey()
  if (!key) {
    swapStore.set({ quote: undefined, quoteLoading: false, quoteError: undefined })
    return Promise.resolve()
  }
  const current = swapStore.get().quote
  const stale =
    current &&
    (current.from !== key.from.address ||
      current.to !== key.to.address ||
      current.amount !== key.amount)
  swapStore.set({
    quoteLoading: true,
    quoteError: undefined,
    ...(stale ? { quote: undefined } : {}),
  })
  const controller = new AbortController()
  return new Promise<void>((resolve) => {
    pending = { resolve, controller }
    timer = clock.setTimeout(() => {
      timer = undefined
      void fetchQuote(client, account, id, key, controller.signal).finally(resolve)
    }, delayMs)
  })
}

async function fetchQuote(
  client: SwapClient,
  account: ChainAccount,
  id: number,
  key: NonNullable<ReturnType<typeof quoteKey>>,
  signal: AbortSignal,
): Promise<void> {
  const userAddress = account.address
  try {
    const answer = await convertApiFor(client).fetchQuote(
      {
        amount: key.units,
        userAddress,
        from: key.from.address,
        to: key.to.address,
        gasPrice: swapStore.get().gasPrice,
      },
      { signal },
    )
    if (id !== latest) return
    swapStore.set({
      quote: {
        from: key.from.address,
        to: key.to.address,
        amount: key.amount,
        fromAmount: answer.fromAmount,
        toAmount: answer.toAmount,
        priceImpact: answer.priceImpact,
        gas: answer.gas,
      },
      quoteLoading: false,
      quoteError: undefined,
    })
  } catch (error) {
    if (id !== latest) return
    // The server refuses what it cannot quote (no route, more than the pools hold) with a 400;
    // its status code alone would tell the visitor nothing.
    const refused = error instanceof HttpStatusError && error.status === 400
    swapStore.set({
      quote: undefined,
      quoteLoading: false,
      quoteError: refused ? NO_QUOTE : (shortMessageOf(error) ?? NO_QUOTE),
    })
  }
}

/** Drops a quote on its way (the view closed): nothing it answers is shown. */
export function cancelSwapQuote(): void {
  stopPending()
  latest += 1
  swapStore.set({ quoteLoading: false })
}
