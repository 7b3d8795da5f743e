// GET /v1/convert/tokens?chainId=eip155:1: the tokens a swap may pay or receive on the chain
// (the native coin, then the configured ERC-20s in their order), with the suggested and popular
// ones (docs/product.md#calls), and the router the swaps go to. Names, symbols and decimals are read from the contracts (and
// cached by the metadata reader); a listed address that does not answer as a token is left out.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import {
  type ConvertToken,
  ConvertTokensAnswer,
  ConvertTokensQuery,
} from '@portico/protocol/convert'
import { CONVERT_TOKENS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { nativeCurrencyOf } from '../tokens/native-currency'
import { iconUrlFor, tokenIconPath } from '../tokens/token-icon'
import type { TokenMetadataReader } from '../tokens/token-metadata'
import type { SwapAsset } from './convert-config'
import { caip10Of, parseSwapChainId } from './swap-request'

const schema = {
  querystring: ConvertTokensQuery,
  response: { 200: ConvertTokensAnswer, ...errorResponses },
}

export interface ConvertTokensOptions extends RouteOptions {
  metadata: TokenMetadataReader
}

export const convertTokensRoute: FastifyPluginAsync<ConvertTokensOptions> = async (
  app,
  { context, metadata },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(CONVERT_TOKENS_PATH, { schema }, async (request) => {
      const { chain, config } = parseSwapChainId(context, request.query.chainId)
      const id = chain.caipNetworkId
      const found = await metadata.read(chain, config.tokens)
      const native = nativeCurrencyOf(id)
      const tokens: ConvertToken[] = [
        {
          ...native,
          address: caip10Of(id, 'native'),
          logoUri: iconUrlFor(request, tokenIconPath(native.symbol)),
        },
      ]
      const listed = new Set<SwapAsset>(['native'])
      for (const token of config.tokens) {
        const known = found.get(token)
        if (!known) continue
        listed.add(token)
        tokens.push({
          name: known.name,
          symbol: known.symbol,
          address: caip10Of(id, token),
          decimals: known.decimals,
          logoUri: iconUrlFor(request, tokenIconPath(known.symbol)),
        })
      }
      const ids = (assets: readonly SwapAsset[]) =>
        assets.filter((asset) => listed.has(asset)).map((asset) => caip10Of(id, asset))
      return {
        tokens,
        suggested: ids(config.suggested),
        popular: ids(config.popular),
        router: caip10Of(id, config.router),
      }
    })
}
