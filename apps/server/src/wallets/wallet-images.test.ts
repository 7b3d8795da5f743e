import { WALLET_CONNECT_IMAGE_ID } from '@portico/protocol/wallets'
import baseLogo from '@web3icons/core/svgs/networks/background/base.svg.js'
import ethereumLogo from '@web3icons/core/svgs/networks/background/ethereum.svg.js'
import coinbaseLogo from '@web3icons/core/svgs/wallets/background/coinbase.svg.js'
import metaMaskLogo from '@web3icons/core/svgs/wallets/background/metamask.svg.js'
import phantomLogo from '@web3icons/core/svgs/wallets/background/phantom.svg.js'
import rainbowLogo from '@web3icons/core/svgs/wallets/background/rainbow.svg.js'
import walletConnectLogo from '@web3icons/core/svgs/wallets/background/wallet-connect.svg.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { NETWORK_NAMES } from './images/image-subjects'
import { WALLET_LOGO_NAMES } from './images/logo-sources'
import { walletRegistry } from './registry/wallet-registry'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

function registryWallet(name: string) {
  const wallet = walletRegistry.find((entry) => entry.name === name)
  if (!wallet) throw new Error(`${name} is not in the registry`)
  return wallet
}
const metaMask = registryWallet('MetaMask')

function image(path: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}?projectId=${DEV_PROJECT_ID}&st=portico&sv=0.1.0`, {
    headers,
  })
}

async function expectSvg(response: Response) {
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe('image/svg+xml')
  expect(response.headers.get('cache-control')).toMatch(/^public, max-age=(\d{7,})$/)
  expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]+"$/)
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  const svg = await response.text()
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  expect(svg).not.toMatch(/<script|href=|on[a-z]+=/i)
  return svg
}

async function expectImageNotFound(response: Response) {
  expect(response.status).toBe(404)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  expect(await response.json()).toEqual({
    error: { code: 'IMAGE_NOT_FOUND', message: 'Image not found' },
  })
}

describe('GET /getWalletImage/{imageId}', () => {
  it.each([
    ['MetaMask', metaMaskLogo],
    ['Rainbow', rainbowLogo],
    ['Coinbase Wallet', coinbaseLogo],
    ['Phantom', phantomLogo],
  ])("answers %s's real logo, the icon package's bytes", async (name, logo) => {
    const svg = await expectSvg(await image(`/getWalletImage/${registryWallet(name).image_id}`))
    expect(svg).toBe(logo)
  })

  it("answers WalletConnect's logo under its fixed image id, for the Connect view's first row", async () => {
    const svg = await expectSvg(await image(`/getWalletImage/${WALLET_CONNECT_IMAGE_ID}`))
    expect(svg).toBe(walletConnectLogo)
  })

  it('answers a monogram, initials on a colour of its own, for a wallet without a logo', async () => {
    const svg = await expectSvg(
      await image(`/getWalletImage/${registryWallet('Dawn Wallet').image_id}`),
    )
    expect(svg).toContain('>DW</text>')
    expect(svg).toContain('<title>Dawn Wallet</title>')
    const other = await expectSvg(
      await image(`/getWalletImage/${registryWallet('Robinhood Wallet').image_id}`),
    )
    expect(other).toContain('>RW</text>')
    const colour = (text: string) => text.match(/stop-color="([^"]+)"/)?.[1]
    expect(colour(other)).not.toBe(colour(svg))
  })

  it('gives wallets whose initials are alike monograms that differ (Binance and Brave: not both BW)', async () => {
    const letters = async (name: string) => {
      const svg = await expectSvg(await image(`/getWalletImage/${registryWallet(name).image_id}`))
      return svg.match(/>([^<>]+)<\/text>/)?.[1]
    }
    const shown = await Promise.all(
      ['Binance Wallet', 'Brave Wallet', 'Bitget Wallet', 'Bybit Wallet'].map(letters),
    )
    expect(shown).toEqual(['BinW', 'BrW', 'BitW', 'ByW'])
  })

  it('names only wallets of the registry among those with a logo', () => {
    const names = new Set(walletRegistry.map((wallet) => wallet.name))
    expect([...WALLET_LOGO_NAMES.keys()].filter((name) => !names.has(name))).toEqual([])
  })

  it('has an image for every wallet of the registry', async () => {
    for (const wallet of walletRegistry) {
      const response = await image(`/getWalletImage/${wallet.image_id}`)
      expect(response.status, wallet.name).toBe(200)
      await response.arrayBuffer()
    }
  })

  it('answers 304 to a request holding the same version', async () => {
    const first = await image(`/getWalletImage/${metaMask.image_id}`)
    const etag = first.headers.get('etag') ?? ''
    await first.text()
    const again = await image(`/getWalletImage/${metaMask.image_id}`, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(etag)
    expect(await again.text()).toBe('')
    const weak = await image(`/getWalletImage/${metaMask.image_id}`, {
      'if-none-match': `"other", W/${etag}`,
    })
    expect(weak.status).toBe(304)
    const stale = await image(`/getWalletImage/${metaMask.image_id}`, {
      'if-none-match': '"stale"',
    })
    expect(stale.status).toBe(200)
    await stale.text()
  })

  it.each([
    ['an unknown image id', '00000000-0000-4000-8000-000000000000'],
    ['a wallet id instead of its image id', metaMask.id],
    ['nonsense', 'nope'],
  ])('answers 404 JSON for %s', async (_what, id) => {
    await expectImageNotFound(await image(`/getWalletImage/${id}`))
  })

  it('is behind the project guard', async () => {
    const response = await fetch(`${server.url}/getWalletImage/${metaMask.image_id}`)
    expect(response.status).toBe(401)
  })
})

describe('GET /public/getAssetImage/{id}', () => {
  it("answers a network's real logo by CAIP-2 id: Ethereum and Base differ", async () => {
    const base = await expectSvg(await image('/public/getAssetImage/eip155:8453'))
    expect(base).toBe(baseLogo)
    const ethereum = await expectSvg(
      await image(`/public/getAssetImage/${encodeURIComponent('eip155:1')}`),
    )
    expect(ethereum).toBe(ethereumLogo)
    expect(ethereum).not.toBe(base)
  })

  it('has a logo, not a monogram, for every network it knows', async () => {
    for (const network of NETWORK_NAMES.keys()) {
      const svg = await expectSvg(await image(`/public/getAssetImage/${network}`))
      expect(svg, network).not.toContain('</text>')
    }
  })

  it('answers 404 for a network it does not know', async () => {
    await expectImageNotFound(await image('/public/getAssetImage/eip155:999999'))
  })
})

describe('GET /public/getCurrencyImage/{id}', () => {
  it('answers a currency image with its sign, by code in any case', async () => {
    expect(await expectSvg(await image('/public/getCurrencyImage/USD'))).toContain('>$</text>')
    expect(await expectSvg(await image('/public/getCurrencyImage/eur'))).toContain('>€</text>')
  })

  it('answers 404 for a currency it does not know', async () => {
    await expectImageNotFound(await image('/public/getCurrencyImage/XYZ'))
  })
})

describe('GET /public/getTokenImage/{id}', () => {
  it('answers an image of the symbol for any token symbol', async () => {
    expect(await expectSvg(await image('/public/getTokenImage/USDC'))).toContain('>USDC</text>')
    expect(await expectSvg(await image('/public/getTokenImage/eth'))).toContain('>ETH</text>')
    const long = await expectSvg(await image('/public/getTokenImage/STETHWRAPPED'))
    expect(long).toContain('>STET</text>')
  })

  it('answers the same image, ETag included, for the same symbol', async () => {
    const first = await image('/public/getTokenImage/WETH')
    const second = await image('/public/getTokenImage/weth')
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(await second.text()).toBe(await first.text())
  })

  it.each([encodeURIComponent('<svg>'), '-ETH', encodeURIComponent('E T H'), 'A'.repeat(17)])(
    'answers 404 for the symbol %s',
    async (symbol) => {
      await expectImageNotFound(await image(`/public/getTokenImage/${symbol}`))
    },
  )

  it.each([
    ['an id far too long to name an image', 'A'.repeat(101)],
    ['an id that is not valid percent-encoding', '%E0%A4%A'],
  ])('answers 400 in the error shape for %s', async (_what, id) => {
    const response = await image(`/public/getTokenImage/${id}`)
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'INVALID_REQUEST',
    )
  })
})
