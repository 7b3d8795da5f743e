// The wallet list as the Wallet API answers it: the registry indexed once at start (list items
// ready to send, search keys, chain sets), filtered and paged per request.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { BadgeType } from '@portico/protocol/wallets'
import type { WalletEntry } from './registry/wallet-entry'
import {
  indexForSearch,
  matchesSearch,
  type SearchIndexEntry,
  type SearchQuery,
} from './wallet-search'

/**
 * A wallet list item as the catalogue holds it: the protocol's WalletListItem with its chains and
 * apps typed closer (an entry less its order).
 */
export type CatalogueListItem = Omit<WalletEntry, 'order'>

export interface WalletFilter {
  /** Only these wallets (when set). */
  include?: ReadonlySet<string>
  /** Never these wallets. */
  exclude?: ReadonlySet<string>
  /** Wallets supporting at least one of these networks (when set). */
  chains?: ReadonlySet<CaipNetworkId>
  search?: SearchQuery
  badgeType?: BadgeType
}

export interface WalletPageRequest extends WalletFilter {
  /** 1-based. */
  page: number
  entries: number
}

export interface CataloguePage {
  data: CatalogueListItem[]
  /** Wallets matching the filter, on every page. */
  count: number
}

interface IndexedWallet {
  item: CatalogueListItem
  /** The item serialised once, so a page is joined from ready text. */
  json: string
  search: SearchIndexEntry
}

function toListItem(entry: WalletEntry): CatalogueListItem {
  return {
    id: entry.id,
    name: entry.name,
    image_id: entry.image_id,
    rdns: entry.rdns,
    chains: entry.chains,
    mobile_link: entry.mobile_link,
    desktop_link: entry.desktop_link,
    webapp_link: entry.webapp_link,
    homepage: entry.homepage,
    app: entry.app,
    badge_type: entry.badge_type,
  }
}

function matches(wallet: IndexedWallet, filter: WalletFilter): boolean {
  const { item } = wallet
  if (filter.include && !filter.include.has(item.id)) return false
  if (filter.exclude?.has(item.id)) return false
  if (filter.badgeType !== undefined && item.badge_type !== filter.badgeType) return false
  if (filter.chains && !item.chains.some((chain) => filter.chains?.has(chain))) return false
  if (filter.search && !matchesSearch(wallet.search, filter.search)) return false
  return true
}

export class WalletCatalogue {
  readonly #wallets: readonly IndexedWallet[]

  /** `entries` in list order. */
  constructor(entries: readonly WalletEntry[]) {
    this.#wallets = [...entries]
      .sort((a, b) => a.order - b.order)
      .map((entry) => {
        const item = toListItem(entry)
        return { item, json: JSON.stringify(item), search: indexForSearch(entry.name, entry.rdns) }
      })
  }

  get size(): number {
    return this.#wallets.length
  }

  page(request: WalletPageRequest): CataloguePage {
    const { wallets, count } = this.#select(request)
    return { data: wallets.map((wallet) => wallet.item), count }
  }

  /** The page as JSON text, the same as JSON.stringify(page(request)). */
  pageJson(request: WalletPageRequest): string {
    const { wallets, count } = this.#select(request)
    return `{"data":[${wallets.map((wallet) => wallet.json).join(',')}],"count":${count}}`
  }

  #select(request: WalletPageRequest): { wallets: IndexedWallet[]; count: number } {
    const start = (request.page - 1) * request.entries
    const end = start + request.entries
    const wallets: IndexedWallet[] = []
    let count = 0
    for (const wallet of this.#wallets) {
      if (!matches(wallet, request)) continue
      if (count >= start && count < end) wallets.push(wallet)
      count++
    }
    return { wallets, count }
  }
}
