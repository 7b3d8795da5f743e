// GET /v1/account/{account}/history?cursor=&chainId=&onramp= : the account's transactions,
// newest first, a page at a time (spec sections 3 and 7). {account} is an address (0x + 40
// hex) or a CAIP-10 account. Chains that are not indexed give an empty page (spec section 5);
// onramp purchases are not recorded here, so `onramp` gives an empty page too.

import type { FastifyPluginAsync } from 'fastify'
import { type CaipNetworkId, parseChainId } from '../chains/chain-id'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { publicOrigin } from '../tokens/token-icon'
import { accountParamsSchema, accountQueryProperties } from './account-route-schema'
import { decodeHistoryCursor, type HistoryPosition } from './history-cursor'
import {
  AccountChainMismatchError,
  InvalidAccountAddressError,
  InvalidCursorError,
  MissingAccountAddressError,
} from './history-errors'
import { HistoryMetadata } from './history-metadata'
import { HistoryQueries } from './history-query'
import { HISTORY_PAGE_SIZE, type HistoryPage, readHistoryPage } from './history-service'

const nullableString = { type: ['string', 'null'] } as const
const nullableNumber = { type: ['number', 'null'] } as const

const transferSchema = {
  type: 'object',
  required: ['direction', 'quantity', 'value', 'price'],
  properties: {
    fungible_info: {
      type: 'object',
      required: ['name', 'symbol', 'icon'],
      properties: {
        name: nullableString,
        symbol: nullableString,
        icon: { type: 'object', required: ['url'], properties: { url: nullableString } },
      },
    },
    nft_info: {
      type: 'object',
      required: ['name', 'content', 'flags'],
      properties: {
        name: { type: 'string' },
        content: {
          type: 'object',
          required: ['preview'],
          properties: {
            preview: { type: 'object', required: ['url'], properties: { url: nullableString } },
          },
        },
        flags: {
          type: 'object',
          required: ['is_spam'],
          properties: { is_spam: { type: 'boolean' } },
        },
      },
    },
    direction: { type: 'string', enum: ['in', 'out', 'self'] },
    quantity: {
      type: 'object',
      required: ['numeric'],
      properties: { numeric: { type: 'string' } },
    },
    value: nullableNumber,
    price: nullableNumber,
  },
} as const

const itemSchema = {
  type: 'object',
  required: ['id', 'metadata', 'transfers'],
  properties: {
    id: { type: 'string' },
    metadata: {
      type: 'object',
      required: ['operationType', 'hash', 'minedAt', 'chain', 'status', 'sentFrom', 'sentTo'],
      properties: {
        operationType: {
          type: 'string',
          enum: ['send', 'receive', 'mint', 'burn', 'trade', 'execute'],
        },
        hash: { type: 'string' },
        minedAt: { type: 'string' },
        chain: { type: 'string' },
        status: { type: 'string', enum: ['confirmed', 'failed'] },
        sentFrom: { type: 'string' },
        sentTo: { type: 'string' },
      },
    },
    transfers: { type: 'array', items: transferSchema },
  },
} as const

const schema = {
  params: accountParamsSchema,
  querystring: {
    type: 'object',
    required: ['projectId'],
    properties: {
      ...accountQueryProperties,
      onramp: { type: 'string', enum: ['coinbase'] },
      /** Items per page: 1 to 50 (20 when absent). */
      limit: { type: 'string', pattern: '^([1-9]|[1-4][0-9]|50)$' },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['data', 'next'],
      properties: { data: { type: 'array', items: itemSchema }, next: nullableString },
    },
    ...errorResponses,
  },
} as const

interface HistoryRouteRequest {
  Params: { account: string }
  Querystring: { cursor?: string; chainId?: string; onramp?: 'coinbase'; limit?: string }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/** An address (lowercase) and, for a CAIP-10 account, its chain. */
export function parseAccount(value: string): { address: string; chain?: CaipNetworkId } {
  if (value.trim() === '') throw new MissingAccountAddressError()
  if (!value.includes(':')) {
    if (!ADDRESS.test(value)) throw new InvalidAccountAddressError(false)
    return { address: value.toLowerCase() }
  }
  const match = CAIP10.exec(value)
  if (!match) throw new InvalidAccountAddressError(true)
  const [, namespace, reference, address] = match as unknown as [string, string, string, string]
  let chain: CaipNetworkId
  try {
    chain = parseChainId(`${namespace}:${reference}`)
  } catch {
    throw new InvalidAccountAddressError(true)
  }
  if (namespace !== 'eip155') return { address, chain }
  if (!ADDRESS.test(address)) throw new InvalidAccountAddressError(true)
  return { address: address.toLowerCase(), chain }
}

const EMPTY_PAGE: HistoryPage = { data: [], next: null }

export const accountHistoryRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const indexed = context.config.chains
    .filter((chain) => chain.caipNetworkId.startsWith('eip155:'))
    .map((chain) => Number(chain.caipNetworkId.slice('eip155:'.length)))
  const spamCollections = new Set(context.config.spamCollections)
  const metadata = new HistoryMetadata(context.db)
  const queries = new HistoryQueries(context.db)

  app.get<HistoryRouteRequest>(
    '/v1/account/:account/history',
    { schema },
    async (request): Promise<HistoryPage> => {
      const { query } = request
      const account = parseAccount(request.params.account)
      let chain = account.chain
      if (query.chainId !== undefined) {
        const asked = parseChainId(query.chainId)
        if (chain && chain !== asked) throw new AccountChainMismatchError()
        chain = asked
      }
      const chainFilter = chain === undefined ? undefined : Number(chain.split(':')[1])
      let after: HistoryPosition | undefined
      if (query.cursor !== undefined) {
        // No cursor is ever made for a chain that is not EVM.
        if (chain && !chain.startsWith('eip155:')) throw new InvalidCursorError()
        after = decodeHistoryCursor(query.cursor, chainFilter)
      }
      if (query.onramp !== undefined || (chain && !chain.startsWith('eip155:'))) return EMPTY_PAGE
      const chainIds =
        chainFilter === undefined ? indexed : indexed.filter((id) => id === chainFilter)
      return readHistoryPage(queries, metadata, {
        address: account.address,
        chainIds,
        chainFilter,
        after,
        limit: query.limit === undefined ? HISTORY_PAGE_SIZE : Number(query.limit),
        origin: publicOrigin(request),
        spamCollections,
      })
    },
  )
}
