// GET /getWallets : the served wallet registry (registry/registry-choice.ts), filtered, paged (docs/product.md#calls): page (1-based),
// entries (page size, at most 100), include / exclude (wallet ids), chains (CAIP-2 ids, a wallet
// matches if it supports any), search (name or rdns), badge_type. Answers { data, count }.
// Answers are computed from the registry in memory and kept, serialised with their ETag, in an
// in-process LRU. The ETag lets the modal revalidate the page it kept (a 304 without the body).
import { WALLETS_PATH } from '@portico/protocol/route-paths'
import { GetWalletsQuery, WalletPage } from '@portico/protocol/wallets'
import type { FastifyPluginAsync } from 'fastify'
import { LruMap } from '../cache/lru-map'
import { entityTag, holdsVersion } from '../http/entity-tag'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import type { WalletEntry } from './registry/wallet-entry'
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

export const getWalletsRoute: FastifyPluginAsync<
  RouteOptions & { wallets: readonly WalletEntry[] }
> = async (app, { wallets }) => {
  const catalogue = new WalletCatalogue(wallets)
  const answers = new LruMap<{ json: string; etag: string }>(WALLET_PAGE_CACHE_ENTRIES)

  app.get<{ Querystring: GetWalletsQuery }>(WALLETS_PATH, { schema }, async (request, reply) => {
    const pageRequest = toWalletPageRequest(request.query)
    const key = walletPageKey(pageRequest)
    let answer = answers.get(key)
    if (answer === undefined) {
      const json = catalogue.pageJson(pageRequest)
      answer = { json, etag: entityTag(json) }
      answers.set(key, answer, WALLET_PAGE_CACHE_TTL_MS)
    }
    reply
      .header('etag', answer.etag)
      .header('cache-control', `public, max-age=${WALLET_PAGE_MAX_AGE_SECONDS}`)
    if (holdsVersion(request.headers['if-none-match'], answer.etag)) return reply.code(304).send()
    // A string is sent as it is: the page was serialised once, when it was first asked for.
    return reply.type('application/json; charset=utf-8').send(answer.json)
  })
}
