// The registry import, from the two shapes it reads: a package laid out as thirdweb's generated
// registry copy (a fixture written in that shape) and a registry JSON file of 1,200 listings in
// the WalletConnect listing format. Good listings come through whole; each bad one is left out
// with its reason.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { checkRegistry } from '../wallet-registry-check'
import { IMPORTED_IMAGE_MAX_BYTES } from './imported-image'
import { IMPORTED_ORDER_START, importListings, listingsOfJson } from './registry-import'
import { walletIdForName } from './registry-listing'
import { readThirdwebPackage } from './thirdweb-package'

const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(24, 7),
])
const webpUri = (bytes: Buffer = WEBP) => `data:image/webp;base64,${bytes.toString('base64')}`

const stores = (name: string) => ({
  browser: null,
  ios: `https://apps.apple.com/app/${name}/id1`,
  android: `https://play.google.com/store/apps/details?id=com.${name}`,
  mac: null,
  windows: null,
  linux: null,
  chrome: null,
  firefox: null,
  safari: null,
  edge: null,
  opera: null,
})

function listing(name: string, index: number, extra: Record<string, unknown> = {}) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]/g, '')
  return {
    id: `app.${slug}`,
    name,
    homepage: `https://${slug}.example`,
    image_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    app: stores(slug),
    rdns: `app.${slug}`,
    mobile: { native: `${slug}://`, universal: `https://${slug}.example/wc` },
    desktop: { native: null, universal: null },
    ...extra,
  }
}

const work = mkdtempSync(join(tmpdir(), 'portico-registry-import-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A package folder in thirdweb's layout: each wallet's index.js and image.js, the ranked list. */
function writeThirdwebFixture(wallets: { listing: Record<string, unknown>; image?: string }[]) {
  const dir = mkdtempSync(join(work, 'thirdweb-'))
  const generated = join(dir, 'dist', 'esm', 'wallets', '__generated__')
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'thirdweb', version: '9.9.9' }))
  for (const { listing: wallet, image } of wallets) {
    const folder = join(generated, 'wallet', String(wallet.id))
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'index.js'), `export const wallet = ${JSON.stringify(wallet)};\n`)
    if (image !== undefined) {
      writeFileSync(
        join(folder, 'image.js'),
        `const image = ${JSON.stringify(image)};\nexport default image;\n`,
      )
    }
  }
  // Its own connection kinds sit beside the wallets and are no registry wallet.
  mkdirSync(join(generated, 'wallet', 'inApp'), { recursive: true })
  writeFileSync(
    join(generated, 'wallet', 'inApp', 'index.js'),
    'export const wallet = { id: "inApp", name: "In-App" };\n',
  )
  // Ranked as given, but the last one first: the package's order is its ranking, not the folders'.
  const ids = wallets.map(({ listing: wallet }) => ({ id: wallet.id, name: wallet.name }))
  const ranked = [...ids.slice(-1), ...ids.slice(0, -1)]
  writeFileSync(join(generated, 'wallet-infos.js'), `export default ${JSON.stringify(ranked)};\n`)
  return dir
}

describe('importing the registry copy in the thirdweb package', () => {
  it('takes each good listing with its logo, in the package order, and reports each bad one', async () => {
    const svg = `data:image/svg+xml;base64,${Buffer.from('<svg><script/></svg>').toString('base64')}`
    const dir = writeThirdwebFixture([
      { listing: listing('Alpha Wallet', 1), image: webpUri() },
      {
        listing: listing('Beta Wallet', 2, { mobile: { native: 'BetaPay://', universal: null } }),
        image: webpUri(),
      },
      { listing: listing('Gamma', 3, { homepage: 'http://gamma.example' }), image: webpUri() },
      { listing: listing('Delta', 4), image: svg },
      { listing: listing('Epsilon', 5), image: webpUri(Buffer.from('not a webp at all, a text')) },
      { listing: listing('Zeta', 6), image: webpUri(Buffer.alloc(IMPORTED_IMAGE_MAX_BYTES + 1)) },
      {
        listing: listing('alpha wallet', 7, { id: 'app.alpha2', rdns: 'app.alpha2' }),
        image: webpUri(),
      },
      { listing: { ...listing('Eta', 8), name: '  ' }, image: webpUri() },
      { listing: listing('Theta', 9, { image_id: 'theta.svg' }) },
    ])

    const { version, listings } = await readThirdwebPackage(dir)
    expect(version).toBe('9.9.9')
    const { catalogue, skipped } = importListings(`thirdweb@${version}`, listings)

    // In wallet-infos.js's order; In-App is left out as no wallet.
    expect(catalogue.wallets.map((wallet) => wallet.name)).toEqual([
      'Theta',
      'Alpha Wallet',
      'Beta Wallet',
    ])
    expect(skipped).toEqual([
      'Gamma: http://gamma.example is not an https URL',
      'Delta: the image is image/svg+xml, not WebP, PNG or JPEG',
      "Epsilon: the image's bytes are not image/webp",
      'Zeta: the image is 65537 bytes, over 65536',
      "alpha wallet: name alpha wallet is also Alpha Wallet's",
      'app.eta: no name',
    ])

    const beta = catalogue.wallets.find((wallet) => wallet.name === 'Beta Wallet')
    expect(beta).toMatchObject({
      id: walletIdForName('Beta Wallet'),
      rdns: 'app.betawallet',
      // The scheme in its canonical lower case.
      mobile_link: 'betapay://',
      homepage: 'https://betawallet.example',
      app: {
        ios: 'https://apps.apple.com/app/betawallet/id1',
        android: 'https://play.google.com/store/apps/details?id=com.betawallet',
      },
      badge_type: 'none',
    })
    expect(beta?.chains).toContain('eip155:1')
    expect(catalogue.images[beta?.image_id ?? '']).toEqual({
      type: 'image/webp',
      base64: WEBP.toString('base64'),
    })
    // No logo: kept, shown with our monogram; an image id that names a file gets one of ours.
    const theta = catalogue.wallets.find((wallet) => wallet.name === 'Theta')
    expect(theta?.image_id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    )
    expect(catalogue.images[theta?.image_id ?? '']).toBeUndefined()
    expect(checkRegistry(catalogue.wallets)).toEqual([])
  })
})

describe('importing a registry JSON file in the WalletConnect listing format', () => {
  it('imports 1,200 listings with their own ids and chains, and leaves out the broken ones', () => {
    const listings: Record<string, unknown> = {}
    for (let index = 0; index < 1_200; index++) {
      const id = `1${index.toString(16).padStart(63, '0')}`
      listings[id] = {
        ...listing(`Wallet ${index}`, index),
        id,
        chains:
          index % 2 ? ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] : ['eip155:8453'],
        injected: [{ namespace: 'eip155', injected_id: `isWallet${index}` }],
      }
    }
    const broken = {
      [`${'b'.repeat(64)}`]: {
        ...listing('No Chains', 5_000),
        id: 'b'.repeat(64),
        chains: ['not a chain'],
      },
      [`${'c'.repeat(64)}`]: { ...listing('Wallet 7', 5_001), id: 'c'.repeat(64) },
      [`${'d'.repeat(64)}`]: null,
    }
    const { catalogue, skipped } = importListings(
      'registry.json',
      listingsOfJson({ listings: { ...listings, ...broken } }),
    )
    expect(catalogue.wallets).toHaveLength(1_200)
    expect(skipped).toEqual([
      'No Chains: chain not a chain is not a CAIP-2 id',
      "Wallet 7: name wallet 7 is also Wallet 7's",
      'undefined: no name',
    ])
    const first = catalogue.wallets[0]
    expect(first?.id).toBe(`1${'0'.repeat(63)}`)
    expect(first?.order).toBe(IMPORTED_ORDER_START)
    expect(catalogue.wallets[1]?.chains).toEqual([
      'eip155:1',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ])
    expect(checkRegistry(catalogue.wallets)).toEqual([])
  })

  it('refuses a file with no listings in it', () => {
    expect(() => listingsOfJson({ wallets: [] })).toThrow(
      'no listings: expected { listings }, { data } or an array',
    )
  })
})
