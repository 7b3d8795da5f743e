// The Wallet API serving the imported WalletConnect registry (PORTICO_WALLET_REGISTRY=imported):
// 500+ wallets, one entry per wallet beside the built-in list, deep links and store pages,
// search and paging at that size, and each imported wallet's own logo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { loadImportedCatalogue } from './registry/import/imported-catalogue'
import { readWalletRegistryChoice } from './registry/registry-choice'
import { walletRegistry } from './registry/wallet-registry'
import type { CatalogueListItem } from './wallet-catalogue'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ config: { walletRegistry: 'imported' } })
})
afterAll(async () => {
  await server?.stop()
})

interface WalletPage {
  data: CatalogueListItem[]
  count: number
}

const query = (extra: Record<string, string>) =>
  new URLSearchParams({ projectId: DEV_PROJECT_ID, st: 'portico', sv: '0.1.0', ...extra })

async function pageOf(extra: Record<string, string>): Promise<WalletPage> {
  const response = await fetch(`${server.url}/getWallets?${query(extra)}`)
  expect(response.status).toBe(200)
  return (await response.json()) as WalletPage
}

/** Every wallet served, 100 a page as the modal's search pages them. */
async function everyWallet(): Promise<CatalogueListItem[]> {
  const first = await pageOf({ page: '1', entries: '100' })
  const wallets = [...first.data]
  for (let page = 2; (page - 1) * 100 < first.count; page++) {
    wallets.push(...(await pageOf({ page: String(page), entries: '100' })).data)
  }
  return wallets
}

describe('the imported registry, served', () => {
  it('lists 500+ wallets, the built-in ones first, one entry per wallet', async () => {
    const wallets = await everyWallet()
    expect(wallets.length).toBeGreaterThanOrEqual(500)
    expect(wallets.slice(0, walletRegistry.length).map((wallet) => wallet.id)).toEqual(
      walletRegistry.map((wallet) => wallet.id),
    )
    for (const key of ['id', 'image_id', 'name', 'rdns'] as const) {
      const values = wallets
        .map((wallet) => wallet[key]?.toLowerCase())
        .filter((value) => value !== undefined)
      expect(new Set(values).size, key).toBe(values.length)
    }
    // MetaMask, in both lists, is served once: its built-in entry.
    expect(wallets.filter((wallet) => /^metamask$/i.test(wallet.name))).toHaveLength(1)
    const withDeepLinks = wallets.filter((wallet) => wallet.mobile_link !== null)
    const withStores = wallets.filter(
      (wallet) => wallet.app.ios !== null || wallet.app.android !== null,
    )
    expect(withDeepLinks.length).toBeGreaterThanOrEqual(400)
    expect(withStores.length).toBeGreaterThanOrEqual(400)
  })

  it('searches and pages at that size in the 4 / 40 / 100 page sizes', async () => {
    const recommended = await pageOf({ page: '1', entries: '4' })
    expect(recommended.data.map((wallet) => wallet.name)).toEqual([
      'MetaMask',
      'Trust Wallet',
      'Coinbase Wallet',
      'Rainbow',
    ])
    const all = await pageOf({ page: '2', entries: '40' })
    expect(all.data).toHaveLength(40)
    expect(all.count).toBe(recommended.count)
    // A wallet only the import lists.
    const ronin = await pageOf({ search: 'ronin', entries: '100' })
    expect(ronin.data.map((wallet) => wallet.name)).toContain('Ronin Wallet')
    const wallet = ronin.data.find((entry) => entry.name === 'Ronin Wallet')
    expect(wallet?.mobile_link).toBe('roninwallet://')
    expect(wallet?.app.android).toMatch(/^https:\/\/play\.google\.com\//)
    const excluded = await pageOf({ exclude: wallet?.id ?? '', entries: '100' })
    expect(excluded.count).toBe(recommended.count - 1)
  })

  it("serves each imported wallet's own logo as WebP", async () => {
    const { wallets, images } = await loadImportedCatalogue()
    const served = (await pageOf({ search: 'ronin', entries: '100' })).data.find(
      (wallet) => wallet.name === 'Ronin Wallet',
    )
    const imported = wallets.find((entry) => entry.name === 'Ronin Wallet')
    expect(served?.image_id).toBe(imported?.image_id)
    const response = await fetch(`${server.url}/getWalletImage/${served?.image_id}?${query({})}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    const body = Buffer.from(await response.arrayBuffer())
    expect(body.subarray(8, 12).toString()).toBe('WEBP')
    expect(body.toString('base64')).toBe(images[served?.image_id ?? '']?.base64)
  })
})

describe('PORTICO_WALLET_REGISTRY', () => {
  it('is built-in unless set, and refuses what it does not know', () => {
    expect(readWalletRegistryChoice(undefined)).toBe('built-in')
    expect(readWalletRegistryChoice('imported')).toBe('imported')
    expect(() => readWalletRegistryChoice('all')).toThrow(
      'PORTICO_WALLET_REGISTRY must be built-in or imported, not all',
    )
  })
})
