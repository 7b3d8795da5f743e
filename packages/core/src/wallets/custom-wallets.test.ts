import { describe, expect, it } from 'vitest'
import {
  deepLinkOptions,
  detectPlatform,
  downloadLinks,
} from '../connectors/wallet-connect/deep-links'
import {
  allWalletsCount,
  customWalletListItem,
  customWalletListItems,
  customWalletsMatching,
  walletImageUrl,
} from './custom-wallets'

const api = { imageUrl: (_kind: string, id: string) => `http://api.test/getWalletImage/${id}` }
const desktop = detectPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0' })
const iphone = detectPlatform({
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
})
const uri = 'wc:abc@2?relay-protocol=irn&symKey=k'

const acme = customWalletListItem({
  id: 'acme',
  name: 'Acme Wallet',
  homepage: 'https://acme.example',
  image_url: '/wallets/acme.svg',
  mobile_link: 'acme://',
  desktop_link: 'acmedesk://',
  webapp_link: 'https://app.acme.example',
  app_store: 'https://apps.apple.com/app/acme',
  play_store: 'https://play.google.com/store/apps/details?id=com.acme',
  rdns: 'com.acme',
})

describe('custom wallets', () => {
  it('deep-link to the wallet from its own links, as a registry wallet does', () => {
    expect(deepLinkOptions(acme, uri, desktop).map((link) => link.href)).toEqual([
      `acmedesk://wc?uri=${encodeURIComponent(uri)}`,
      `https://app.acme.example/wc?uri=${encodeURIComponent(uri)}`,
    ])
    expect(deepLinkOptions(acme, uri, iphone)[0]?.href).toBe(
      `acme://wc?uri=${encodeURIComponent(uri)}`,
    )
  })

  it('offer their store page and homepage when a deep link opens nothing', () => {
    expect(downloadLinks(acme, iphone)).toEqual([
      { label: 'App Store', href: 'https://apps.apple.com/app/acme' },
      { label: 'Website', href: 'https://acme.example' },
    ])
    expect(downloadLinks(acme, desktop)).toEqual([
      { label: 'Website', href: 'https://acme.example' },
    ])
  })

  it('show their own image, never a registry one', () => {
    expect(walletImageUrl(api, acme)).toBe('/wallets/acme.svg')
    expect(walletImageUrl(api, customWalletListItem({ id: 'bolt', name: 'Bolt' }))).toBeUndefined()
    expect(walletImageUrl(api, { ...acme, image_url: undefined, image_id: 'img-r' } as never)).toBe(
      'http://api.test/getWalletImage/img-r',
    )
  })

  it('are found by name or rdns, whatever the case; an empty search lists them all', () => {
    const wallets = customWalletListItems([
      { id: 'acme', name: 'Acme Wallet', rdns: 'com.acme' },
      { id: 'bolt', name: 'Bolt' },
    ])
    expect(customWalletsMatching(wallets, 'ACME').map((wallet) => wallet.id)).toEqual(['acme'])
    expect(customWalletsMatching(wallets, 'com.ac').map((wallet) => wallet.id)).toEqual(['acme'])
    expect(customWalletsMatching(wallets, ' bol ').map((wallet) => wallet.id)).toEqual(['bolt'])
    expect(customWalletsMatching(wallets, 'zerion')).toEqual([])
    expect(customWalletsMatching(wallets, '')).toEqual(wallets)
  })

  it('add to the All wallets count, except one that stands for a registry wallet', () => {
    const registryTwin = { id: 'c'.repeat(64) }
    expect(allWalletsCount(120, [{ id: 'acme' }, registryTwin])).toBe(121)
    // The Wallet API not answering (no registry count) still counts the host's own.
    expect(allWalletsCount(0, [{ id: 'acme' }])).toBe(1)
    expect(allWalletsCount(0, [])).toBe(0)
  })
})
