// GET /v1/account/{account}/history?cursor=&chainId=&onramp= : the account's transactions,
// newest first, a page at a time (docs/product.md#blockchain-api). {account} is an address (0x + 40
// hex) or a CAIP-10 account. Chains not indexed give an empty page (docs/product.md#validation);
// `onramp` gives the account's card purchases instead (onramp/onramp-history.ts).

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { CAIP10_ACCOUNT } from '@portico/protocol/caip-grammar'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { AccountParams, HistoryPage, HistoryQuery } from '@portico/protocol/history'
import { ACCOUNT_HISTORY_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { parseChainId } from '../chains/chain-id'
import { errorResponses } from '../http/error-answer'
import { readOnrampHistory } from '../onramp/onramp-history'
import { onrampServiceOf } from '../onramp/routes'
import type { RouteOptions } from '../server-context'
import { publicOrigin } from '../tokens/token-icon'
import { decodeHistoryCursor, type HistoryPosition } from './history-cursor'
import {
  AccountChainMismatchError,
  InvalidAccountAddressError,
  InvalidCursorError,
  MissingAccountAddressError,
} from './history-errors'
import { HistoryMetadata } from './history-metadata'
import { HistoryQueries } from './history-query'
import { HISTORY_PAGE_SIZE, readHistoryPage } from './history-service'

const schema = {
  params: AccountParams,
  querystring: HistoryQuery,
  response: { 200: HistoryPage, ...errorResponses },
}

/** An address (lowercase) and, for a CAIP-10 account, its chain. */
export function parseAccount(value: string): { address: string; chain?: CaipNetworkId } {
  if (value.trim() === '') throw new MissingAccountAddressError()
  if (!value.includes(':')) {
    if (!isEvmAddressShape(value)) throw new InvalidAccountAddressError(false)
    return { address: value.toLowerCase() }
  }
  const match = CAIP10_ACCOUNT.exec(value)
  if (!match) throw new InvalidAccountAddressError(true)
  const [, namespace, reference, address] = match as unknown as [string, string, string, string]
  let chain: CaipNetworkId
  try {
    chain = parseChainId(`${namespace}:${reference}`)
  } catch {
    throw new InvalidAccountAddressError(true)
  }
  if (namespace !== 'eip155') return { address, chain }
  if (!isEvmAddressShape(address)) throw new InvalidAccountAddressError(true)
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
  const onramp = onrampServiceOf(context, app.log)

  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(ACCOUNT_HISTORY_PATH, { schema }, async (request): Promise<HistoryPage> => {
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
      if (chain && !chain.startsWith('eip155:')) return EMPTY_PAGE
      if (query.onramp !== undefined) {
        return readOnrampHistory(onramp, {
          address: account.address,
          chainFilter,
          origin: publicOrigin(request),
        })
      }
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
    })
}
