// What the frame knows of a chain when it writes its confirm: the tokens our server lists for
// swaps there (symbol, decimals) and the router swaps go to (GET /v1/convert/tokens), and the
// native coin's USD price (POST /v1/fungible/price), for the network fee. Both routes are on
// the frame origin's allow list (apps/server/src/embedded-wallet/frame-origin.ts). A chain
// without swaps, a slow or failed answer: nothing known, and the confirm says so rather than
// waiting. The token list is kept for the page's life; the price is asked each time.

import type { ConvertTokensAnswer, ConvertTokensQuery } from '@portico/protocol/convert'
import type { FungiblePriceAnswer, FungiblePriceBody } from '@portico/protocol/fungible-price'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import { CONVERT_TOKENS_PATH, FUNGIBLE_PRICE_PATH } from '@portico/protocol/route-paths'

export interface KnownToken {
  /** Lower case. */
  address: string
  name: string
  symbol: string
  decimals: number
}

export interface ChainKnowledge {
  /** Known ERC-20 contracts by lower-case address. */
  tokens: ReadonlyMap<string, KnownToken>
  /** Our swap router, lower case. */
  router?: string
  /** USD per native coin. */
  nativeUsd?: number
}

/** What the frame knows of a chain; the native coin's USD price only when `price` asks for it. */
export type ChainCatalog = (
  chainId: number,
  options?: { price?: boolean },
) => Promise<ChainKnowledge>

/** A confirm that waits longer than this for what is merely helpful shows it without. */
const CATALOG_TIMEOUT_MS = 3000

export const NOTHING_KNOWN: ChainKnowledge = { tokens: new Map() }

/** The address part of a CAIP-10 id, lower case; undefined for another chain's or a bad id. */
function addressOn(caip2: string, id: string): string | undefined {
  const prefix = `${caip2}:`
  if (!id.startsWith(prefix)) return undefined
  const address = id.slice(prefix.length).toLowerCase()
  return /^0x[0-9a-f]{40}$/.test(address) ? address : undefined
}

function readTokens(caip2: string, answer: Partial<ConvertTokensAnswer>) {
  const tokens = new Map<string, KnownToken>()
  const native = NATIVE_TOKEN_ADDRESS.toLowerCase()
  for (const token of Array.isArray(answer.tokens) ? answer.tokens : []) {
    const address = typeof token?.address === 'string' ? addressOn(caip2, token.address) : undefined
    if (!address || address === native) continue
    if (typeof token.symbol !== 'string' || !Number.isInteger(token.decimals)) continue
    tokens.set(address, {
      address,
      name: typeof token.name === 'string' ? token.name : token.symbol,
      symbol: token.symbol,
      decimals: token.decimals,
    })
  }
  const router = typeof answer.router === 'string' ? addressOn(caip2, answer.router) : undefined
  return { tokens, ...(router ? { router } : {}) }
}

export function createChainCatalog(
  apiUrl: string,
  projectId: string,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): ChainCatalog {
  const lists = new Map<number, Promise<Pick<ChainKnowledge, 'tokens' | 'router'>>>()

  async function json<T>(url: string, init: RequestInit = {}): Promise<Partial<T>> {
    const response = await fetchFn(url, {
      ...init,
      signal: AbortSignal.timeout(CATALOG_TIMEOUT_MS),
    })
    if (!response.ok) throw new Error(`HTTP status code: ${response.status}`)
    return (await response.json()) as Partial<T>
  }

  function tokenList(chainId: number) {
    const caip2 = `eip155:${chainId}`
    let list = lists.get(chainId)
    if (!list) {
      const query = { chainId: caip2, projectId } satisfies ConvertTokensQuery
      list = json<ConvertTokensAnswer>(
        `${apiUrl}${CONVERT_TOKENS_PATH}?${new URLSearchParams(query)}`,
      ).then((answer) => readTokens(caip2, answer))
      // A failure is not kept: the next confirm asks again.
      list.catch(() => lists.delete(chainId))
      lists.set(chainId, list)
    }
    return list
  }

  async function nativeUsd(chainId: number): Promise<number | undefined> {
    const body = {
      currency: 'usd',
      addresses: [`eip155:${chainId}:${NATIVE_TOKEN_ADDRESS}`],
      projectId,
    } satisfies FungiblePriceBody
    const answer = await json<FungiblePriceAnswer>(
      `${apiUrl}${FUNGIBLE_PRICE_PATH}?${new URLSearchParams({ projectId })}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      },
    )
    const price = answer.fungibles?.[0]?.price
    return typeof price === 'number' && Number.isFinite(price) && price > 0 ? price : undefined
  }

  // The price is asked only by a confirm that shows a fee: the others would wait for it unread.
  return async (chainId, options) => {
    const [list, usd] = await Promise.allSettled([
      tokenList(chainId),
      options?.price ? nativeUsd(chainId) : undefined,
    ])
    return {
      ...(list.status === 'fulfilled' ? list.value : NOTHING_KNOWN),
      ...(usd.status === 'fulfilled' && usd.value !== undefined ? { nativeUsd: usd.value } : {}),
    }
  }
}
