// GET /getWallets : the wallet registry, filtered and paged (spec section 7): page (1-based),
// entries (page size, at most 100), include / exclude (wallet ids), chains (CAIP-2 ids, a wallet
// matches if it supports any), search (name or rdns), badge_type. Answers { data, count }.
// Answers are computed from the registry in memory and kept, serialised, in an in-process LRU.
import type { FastifyPluginAsync } from 'fastify'
import { LruMap } from '../cache/lru-map'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { walletRegistry } from './registry/wallet-registry'
import { sdkQueryProperties } from './sdk-query-schema'
import {
  WALLET_PAGE_CACHE_ENTRIES,
  WALLET_PAGE_CACHE_TTL_MS,
  WALLET_PAGE_MAX_AGE_SECONDS,
  WALLET_SEARCH_MAX_LENGTH,
} from './wallet-api-constants'
import { WalletCatalogue } from './wallet-catalogue'
import { type GetWalletsQuery, toWalletPageRequest, walletPageKey } from './wallet-query'

const nullableString = { type: ['string', 'null'] } as const

const walletListItemSchema = {
  type: 'object',
  required: [
    'id',
    'name',
    'image_id',
    'rdns',
    'chains',
    'mobile_link',
    'desktop_link',
    'webapp_link',
    'homepage',
    'app',
    'badge_type',
  ],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    image_id: { type: 'string' },
    rdns: nullableString,
    chains: { type: 'array', items: { type: 'string' } },
    mobile_link: nullableString,
    desktop_link: nullableString,
    webapp_link: nullableString,
    homepage: { type: 'string' },
    app: { type: 'object', additionalProperties: nullableString },
    badge_type: { type: 'string', enum: ['certified', 'none'] },
  },
} as const

const schema = {
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      ...sdkQueryProperties,
      page: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
      entries: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
      include: { type: 'string', maxLength: 8192 },
      exclude: { type: 'string', maxLength: 8192 },
      chains: { type: 'string', maxLength: 4096 },
      search: { type: 'string', maxLength: WALLET_SEARCH_MAX_LENGTH },
      badge_type: { type: 'string', enum: ['certified', 'none'] },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data', 'count'],
      properties: {
        data: { type: 'array', items: walletListItemSchema },
        count: { type: 'integer' },
      },
    },
    ...errorResponses,
  },
} as const

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
