// GET /getWallets : the wallet registry, filtered, paged (docs/product.md#calls): page (1-based),
// entries (page size, at most 100), include / exclude (wallet ids), chains (CAIP-2 ids, a wallet
// matches if it supports any), search (name or rdns), badge_type. Answers { data, count }.
// Answers are computed from the registry in memory and kept, serialised, in an in-process LRU.
import { GetWalletsQuery, WalletPage } from '@portico/protocol/wallets'
import type { FastifyPluginAsync } from 'fastify'
import { LruMap } from '../cache/lru-map'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { walletRegistry } from './registry/wallet-registry'
import {
  WALLET_PAGE_CACHE_ENTRIES,
  WALLET_PAGE_CACHE_TTL_MS,
  WALLET_PAGE_MAX_AGE_SECONDS,
} from './wallet-api-constants'
import { WalletCatalogue } from './wallet-catalogue'
import { toWalletPageRequest, walletPageKey } from './wallet-query'

const schema = {
  querystring: GetWalletsQuery,
  // The page is sent as JSON text made once (below), so this schema describes it rather than
  // serialises it; the contract test holds the text to it.
  response: { 200: WalletPage, ...errorResponses },
}

export const getWalletsRoute: FastifyPluginAsync<RouteOptions> = async (app) => {
  const catalogue = new WalletCatalogue(walletRegistry)
  const answers = new LruMap<string>(WALLET_PAGE_CACHE_ENTRIES)

  app.get<{ Querystring: GetWalletsQuery }>('/getWallets', { schema }, async (request, reply) => {
    const pageRequest = toWalletPageRequest(request.query)
    const key = walletPageKey(pageRequest)
    let json = answers.get(key)
    if (json === undefined) {
      json = catalogue.pageJson(pageRequest)
      answers.set(key, json, WALLET_PAGE_CACHE_TTL_MS)
    }
    // A string is sent as it is: the page was serialised once, when it was first asked for.
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', `public, max-age=${WALLET_PAGE_MAX_AGE_SECONDS}`)
      .send(json)
  })
}
