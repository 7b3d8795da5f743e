// For the swap views' tests: a Portico client whose wallet is connected (wagmi's mock connector)
// and a fetch that answers the convert and balance routes in @portico/protocol's shapes, as the
// views' flows call them. Each test sets what the routes answer; every call is recorded.
import { createPorticoClient, mainnet, type PorticoClient, type SwapToken } from '@portico/core'
import { connect, mock } from '@wagmi/core'
import { vi } from 'vitest'
// The tokens and balances core's swap tests use (react's tests already reach into core's
// source for its test helpers; the package exports only what the page uses).
import {
  balances,
  ethToken as eth,
  usdcToken as usdc,
} from '../../../core/src/actions/swap-test-tokens'

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
  const answer = (body: unknown, status = 200) => Response.json(body, { status })
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    calls.push(url)
    const query = url.searchParams
    if (url.pathname === '/v1/convert/tokens' && !served.swapsOnChain)
      return answer(
        { error: { code: 'UNSUPPORTED_NETWORK', message: 'Network not supported for Swaps' } },
        400,
      )
    if (url.pathname === '/v1/convert/tokens')
      return answer({ tokens: [eth, usdc, prtc], suggested: [], popular: [usdc.address] })
    if (url.pathname === '/v1/convert/gas-price')
      return answer({ standard: '1000000000', fast: '1250000000', instant: '1500000000' })
    if (url.pathname === '/v1/convert/allowance') return answer({ allowance: served.allowance })
    if (url.pathname === '/v1/convert/quotes') {
      const amount = BigInt(query.get('amount') ?? '0')
      return answer({
        quotes: [
          {
            id: 'uniswap-v2:x',
            fromAmount: amount.toString(),
            fromAccount: query.get('from'),
            toAmount: served.quote(amount).toString(),
            toAccount: query.get('to'),
            priceImpact: 0.35,
            path: ['0xa', '0xb'],
            gas: '150000',
          },
        ],
      })
    }
    if (url.pathname.endsWith('/balance')) return answer({ balances })
    return answer({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404)
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
