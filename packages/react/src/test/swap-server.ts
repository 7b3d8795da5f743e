// For the swap views' tests: a Portico client whose wallet is connected (wagmi's mock connector)
// and a fetch that answers the convert and balance routes in @portico/protocol's shapes, as the
// views' flows call them (each answer typed by its route's shape, so a changed contract fails
// here). Each test sets what the routes answer; every call is recorded.
import { createPorticoClient, mainnet, type PorticoClient, type SwapToken } from '@portico/core'
import type {
  ConvertAllowanceAnswer,
  ConvertGasPriceAnswer,
  ConvertQuotesAnswer,
  ConvertTokensAnswer,
} from '@portico/protocol/convert'
import {
  CONVERT_ALLOWANCE_PATH,
  CONVERT_GAS_PRICE_PATH,
  CONVERT_QUOTES_PATH,
  CONVERT_TOKENS_PATH,
} from '@portico/protocol/route-paths'
import type { AccountBalanceAnswer } from '@portico/protocol/token-balance'
import {
  balances,
  errorAnswer,
  ethToken as eth,
  protocolAnswer,
  ROUTER,
  usdcToken as usdc,
} from '@portico/test-kit'
import { connect, mock } from '@wagmi/core'
import { vi } from 'vitest'

export { balances, eth, usdc }

export const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const prtc: SwapToken = {
  name: 'Portico Token',
  symbol: 'PRTC',
  address: 'eip155:1:0xe1Aa25618fA0c7A1CFDab5d6B456af611873b629',
  decimals: 18,
  logoUri: '',
}

export interface SwapRoutes {
  /** toAmount (base units) for an amount (base units) asked. */
  quote(amount: bigint): bigint
  allowance: string
  /** false: the server has no swaps on the chain (400, as for an unsupported network). */
  swapsOnChain: boolean
}

/** Installs the fetch; returns the calls made (path and query) and the routes to tune. */
export function serveSwapRoutes(routes: Partial<SwapRoutes> = {}) {
  const served: SwapRoutes = {
    quote: (amount) => (amount * 2990n) / 1_000_000_000_000n,
    allowance: '0',
    swapsOnChain: true,
    ...routes,
  }
  const calls: URL[] = []
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    calls.push(url)
    const query = url.searchParams
    if (url.pathname === CONVERT_TOKENS_PATH && !served.swapsOnChain)
      return errorAnswer(400, 'UNSUPPORTED_NETWORK', 'Network not supported for Swaps')
    if (url.pathname === CONVERT_TOKENS_PATH)
      return protocolAnswer<ConvertTokensAnswer>({
        tokens: [eth, usdc, prtc],
        suggested: [],
        popular: [usdc.address],
        router: `eip155:1:${ROUTER}`,
      })
    if (url.pathname === CONVERT_GAS_PRICE_PATH)
      return protocolAnswer<ConvertGasPriceAnswer>({
        standard: '1000000000',
        fast: '1250000000',
        instant: '1500000000',
      })
    if (url.pathname === CONVERT_ALLOWANCE_PATH)
      return protocolAnswer<ConvertAllowanceAnswer>({ allowance: served.allowance })
    if (url.pathname === CONVERT_QUOTES_PATH) {
      const amount = BigInt(query.get('amount') ?? '0')
      return protocolAnswer<ConvertQuotesAnswer>({
        quotes: [
          {
            id: 'uniswap-v2:x',
            fromAmount: amount.toString(),
            fromAccount: query.get('from') ?? '',
            toAmount: served.quote(amount).toString(),
            toAccount: query.get('to') ?? '',
            priceImpact: 0.35,
            path: ['0xa', '0xb'],
            gas: '150000',
          },
        ],
      })
    }
    if (url.pathname.endsWith('/balance')) return protocolAnswer<AccountBalanceAnswer>({ balances })
    return errorAnswer(404, 'NOT_FOUND', 'Not found')
  })
  vi.stubGlobal('fetch', fetch)
  return { calls, served }
}

/** A client whose mock wallet is connected on Ethereum as alice. */
export async function connectedSwapClient(): Promise<PorticoClient> {
  const client = createPorticoClient(
    {
      projectId: 'f94537f769cddac7aff0d3d7b370838e',
      apiUrl: 'http://api.test',
      networks: [mainnet],
    },
    { connectors: [mock({ accounts: [alice] })], storage: null },
  )
  const connector = client.wagmiConfig.connectors.find((entry) => entry.id === 'mock')
  if (!connector) throw new Error('no mock connector')
  await connect(client.wagmiConfig, { connector })
  return client
}
