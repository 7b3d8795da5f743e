// The query of GET /getWallets, from the strings a request carries to a page request, and the
// canonical key under which its answer is cached (equal requests, equal keys, whatever the
// order or spelling of their lists).

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { GetWalletsQuery } from '@portico/protocol/wallets'
import { parseChainId } from '../chains/chain-id'
import { InvalidRequestError } from '../errors'
import {
  WALLET_CHAIN_LIST_MAX,
  WALLET_ID_LIST_MAX,
  WALLET_PAGE_SIZE_DEFAULT,
  WALLET_PAGE_SIZE_MAX,
} from './wallet-api-constants'
import type { WalletPageRequest } from './wallet-catalogue'
import { toSearchQuery } from './wallet-search'

const WALLET_ID = /^[0-9a-f]{64}$/

/** 'a, b,,c' -> ['a', 'b', 'c']; empty items are ignored, and an empty list filters nothing. */
function splitList(value: string | undefined): string[] {
  if (value === undefined) return []
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
}

function parseWalletIds(name: 'include' | 'exclude', value: string | undefined) {
  const ids = splitList(value).map((id) => id.toLowerCase())
  if (ids.length === 0) return undefined
  if (ids.length > WALLET_ID_LIST_MAX) {
    throw new InvalidRequestError(`${name} lists at most ${WALLET_ID_LIST_MAX} wallet ids`)
  }
  for (const id of ids) {
    if (!WALLET_ID.test(id)) {
      throw new InvalidRequestError(
        `${name} must be a comma-separated list of wallet ids (64 hex digits each)`,
      )
    }
  }
  return new Set(ids)
}

function parseChains(value: string | undefined): Set<CaipNetworkId> | undefined {
  const chains = splitList(value)
  if (chains.length === 0) return undefined
  if (chains.length > WALLET_CHAIN_LIST_MAX) {
    throw new InvalidRequestError(`chains lists at most ${WALLET_CHAIN_LIST_MAX} networks`)
  }
  return new Set(chains.map((chain) => parseChainId(chain)))
}

export function toWalletPageRequest(query: GetWalletsQuery): WalletPageRequest {
  const request: WalletPageRequest = {
    page: query.page === undefined ? 1 : Number(query.page),
    entries: Math.min(
      query.entries === undefined ? WALLET_PAGE_SIZE_DEFAULT : Number(query.entries),
      WALLET_PAGE_SIZE_MAX,
    ),
  }
  const include = parseWalletIds('include', query.include)
  const exclude = parseWalletIds('exclude', query.exclude)
  const chains = parseChains(query.chains)
  const search = toSearchQuery(query.search)
  if (include) request.include = include
  if (exclude) request.exclude = exclude
  if (chains) request.chains = chains
  if (search) request.search = search
  if (query.badge_type !== undefined) request.badgeType = query.badge_type
  return request
}

const sorted = (set: ReadonlySet<string> | undefined) => (set ? [...set].sort() : null)

/** Equal for requests that answer the same page. */
export function walletPageKey(request: WalletPageRequest): string {
  return JSON.stringify([
    request.page,
    request.entries,
    sorted(request.include),
    sorted(request.exclude),
    sorted(request.chains),
    request.search
      ? [request.search.key, request.search.key === '' ? request.search.text : '']
      : null,
    request.badgeType ?? null,
  ])
}
