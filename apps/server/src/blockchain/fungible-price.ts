// POST /v1/fungible/price {currency: 'usd', addresses: CAIP-10 token ids, projectId}: name,
// symbol, icon and USD price of each token (docs/product.md#calls). The native coin's id uses the
// ERC-7528 address (eip155:1:0xEeee...EEeE). Each entry carries the `address` it answers, in
// the order asked (duplicates once); an address that is not a readable token has no entry,
// a token no source prices has no `price`.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { CAIP10_ACCOUNT } from '@portico/protocol/caip-grammar'
import {
  type FungiblePrice,
  FungiblePriceAnswer,
  FungiblePriceBody,
} from '@portico/protocol/fungible-price'
import { FUNGIBLE_PRICE_PATH } from '@portico/protocol/route-paths'
import { SdkQuery } from '@portico/protocol/sdk-query'
import type { FastifyPluginAsync } from 'fastify'
import { type Address, getAddress } from 'viem'
import type { ChainUpstream } from '../chains/chain-upstream'
import { InvalidRequestError, UnsupportedChainError } from '../errors'
import { errorResponses } from '../http/error-answer'
import { type AssetKey, assetKeyOf } from '../prices/price-source'
import type { RouteOptions } from '../server-context'
import { isNativeTokenAddress, nativeCurrencyOf } from '../tokens/native-currency'
import { iconUrlFor, tokenIconPath } from '../tokens/token-icon'
import type { TokenMetadataReader } from '../tokens/token-metadata'

const schema = {
  querystring: SdkQuery,
  body: FungiblePriceBody,
  response: { 200: FungiblePriceAnswer, ...errorResponses },
}

const EVM_TOKEN_ID = /^(eip155:[1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/

interface TokenId {
  chain: ChainUpstream
  token: Address | 'native'
}

export interface FungiblePriceOptions extends RouteOptions {
  metadata: TokenMetadataReader
}

export const fungiblePriceRoute: FastifyPluginAsync<FungiblePriceOptions> = async (
  app,
  { context, metadata },
) => {
  /** Throws 400 for a malformed id or a chain this server does not serve. */
  function parseTokenId(id: string): TokenId {
    if (!CAIP10_ACCOUNT.test(id)) throw new InvalidRequestError('Invalid CAIP-10 address')
    const match = EVM_TOKEN_ID.exec(id)
    if (!match) {
      // Well formed, but an eip155 account must be 0x and 40 hex digits on a numeric chain.
      if (id.startsWith('eip155:')) throw new InvalidRequestError('Invalid CAIP-10 address')
      throw new UnsupportedChainError()
    }
    const [, chainId = '', address = ''] = match
    const chain = context.chains.resolve(chainId)
    return { chain, token: isNativeTokenAddress(address) ? 'native' : getAddress(address) }
  }

  async function pricesOnChain(chain: ChainUpstream, tokens: TokenId['token'][]) {
    const erc20s = tokens.filter((token): token is Address => token !== 'native')
    const [found, prices] = await Promise.all([
      metadata.read(chain, erc20s),
      context.prices.usdPrices(chain.caipNetworkId, tokens.map(assetKeyOf)),
    ])
    return { found, prices }
  }

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(FUNGIBLE_PRICE_PATH, { schema }, async (request) => {
      if (request.body.projectId !== request.project?.id) {
        throw new InvalidRequestError("Invalid request: the body's projectId is not the query's")
      }
      const ids = [...new Set(request.body.addresses)].map((id) => ({ id, ...parseTokenId(id) }))
      const byChain = new Map<CaipNetworkId, { chain: ChainUpstream; tokens: TokenId['token'][] }>()
      for (const { chain, token } of ids) {
        const entry = byChain.get(chain.caipNetworkId) ?? { chain, tokens: [] }
        entry.tokens.push(token)
        byChain.set(chain.caipNetworkId, entry)
      }
      const answers = new Map(
        await Promise.all(
          [...byChain.values()].map(
            async ({ chain, tokens }) =>
              [chain.caipNetworkId, await pricesOnChain(chain, tokens)] as const,
          ),
        ),
      )
      const fungibles: FungiblePrice[] = []
      for (const { id, chain, token } of ids) {
        const answer = answers.get(chain.caipNetworkId)
        const known =
          token === 'native' ? nativeCurrencyOf(chain.caipNetworkId) : answer?.found.get(token)
        if (!answer || !known) continue
        const price = answer.prices.get(assetKeyOf(token) as AssetKey)
        fungibles.push({
          name: known.name,
          symbol: known.symbol,
          iconUrl: iconUrlFor(request, tokenIconPath(known.symbol)),
          ...(price === undefined ? {} : { price }),
          address: id,
        })
      }
      return { fungibles }
    })
}
