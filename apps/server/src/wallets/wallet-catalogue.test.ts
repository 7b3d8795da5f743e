import { describe, expect, it } from 'vitest'
import { SOLANA_MAINNET } from './registry/chain-sets'
import { walletRegistry } from './registry/wallet-registry'
import { WalletCatalogue, type WalletPageRequest } from './wallet-catalogue'
import { toSearchQuery } from './wallet-search'

const catalogue = new WalletCatalogue(walletRegistry)

describe('WalletCatalogue', () => {
  it.each<[string, WalletPageRequest]>([
    ['a first page', { page: 1, entries: 40 }],
    ['a page past the end', { page: 9, entries: 40 }],
    ['a search', { page: 1, entries: 100, search: toSearchQuery('wallet') }],
    ['a filter on chains', { page: 2, entries: 3, chains: new Set([SOLANA_MAINNET]) }],
    ['nothing', { page: 1, entries: 4, search: toSearchQuery('zzzz') }],
  ])('answers %s as JSON text equal to the page serialised', (_what, request) => {
    expect(JSON.parse(catalogue.pageJson(request))).toEqual(catalogue.page(request))
    expect(catalogue.pageJson(request)).toBe(JSON.stringify(catalogue.page(request)))
  })
})
