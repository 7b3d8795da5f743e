// GET /v1/account/{account}/nfts?chainId=&cursor=&limit= : the NFTs the account holds on one
// chain (the Account view's NFTs tab), spam collections left out, a page at a time, ordered by
// contract then token id. {account} is an address (0x + 40 hex) or a CAIP-10 account; the
// chain comes from chainId or from the CAIP-10 account.
//
// Names and images come from the indexer's nft_metadata table: the indexer reads each NFT's
// tokenURI (uri for ERC-1155) through the chain upstream once, when it first meets the token,
// and keeps what a data: URI holds. That works offline (the devnet's metadata is on chain) and
// costs nothing per request; remote metadata (https, ipfs) is never fetched, so such NFTs
// answer with a null name and image and the modal shows the collection name and a fallback.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { AccountParams } from '@portico/protocol/history'
import { NftPage, NftsQuery } from '@portico/protocol/nfts'
import { ACCOUNT_NFTS_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { parseChainId } from '../chains/chain-id'
import { defineServerError, UnsupportedChainError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { parseAccount } from './history'
import { AccountChainMismatchError } from './history-errors'
import { decodeNftCursor, encodeNftCursor } from './nfts-cursor'
import { readHeldNfts } from './nfts-query'

/** Ours (the spec names the tab only): NFTs per page unless `limit` says. */
export const NFT_PAGE_SIZE = 30

const schema = {
  params: AccountParams,
  querystring: NftsQuery,
  response: { 200: NftPage, ...errorResponses },
}

export const MissingNftChainError = defineServerError({
  name: 'MissingNftChainError',
  status: 400,
  code: 'INVALID_REQUEST',
  message: 'Invalid request: give a chainId (eip155:N) or a CAIP-10 account',
})

export const accountNftsRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const spamCollections = context.config.spamCollections

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(ACCOUNT_NFTS_PATH, { schema }, async (request): Promise<NftPage> => {
      const { query } = request
      const account = parseAccount(request.params.account)
      let chain = account.chain
      if (query.chainId !== undefined) {
        const asked = parseChainId(query.chainId)
        if (chain && chain !== asked) throw new AccountChainMismatchError()
        chain = asked
      }
      if (chain === undefined) throw new MissingNftChainError()
      // Only the configured EVM chains are indexed; anything else is not supported.
      const upstream = context.chains.resolve(chain)
      if (!upstream.caipNetworkId.startsWith('eip155:')) throw new UnsupportedChainError()
      const chainId = Number(chain.slice('eip155:'.length))
      const after = query.cursor === undefined ? undefined : decodeNftCursor(query.cursor, chainId)
      const limit = query.limit === undefined ? NFT_PAGE_SIZE : Number(query.limit)
      const prefix = `${chain}:`
      const excluded = spamCollections
        .filter((id) => id.startsWith(prefix))
        .map((id) => id.slice(prefix.length))

      const rows = await readHeldNfts(context.db, {
        address: account.address,
        chainId,
        excluded,
        after,
        limit: limit + 1,
      })
      const page = rows.slice(0, limit)
      const last = page.at(-1)
      return {
        data: page.map((row) => ({
          id: `${chain}:${row.contract}:${row.tokenId}`,
          chainId: chain,
          contract: row.contract,
          tokenId: row.tokenId,
          standard: row.kind === 2 ? 'ERC721' : 'ERC1155',
          amount: row.amount,
          name: row.name ?? `${row.collectionName ?? 'NFT'} #${row.tokenId}`,
          imageUrl: row.imageUrl,
          collection: { name: row.collectionName, symbol: row.collectionSymbol },
        })),
        next:
          rows.length > limit && last
            ? encodeNftCursor({ contract: last.contract, tokenId: last.tokenId }, chainId)
            : null,
      }
    })
}
