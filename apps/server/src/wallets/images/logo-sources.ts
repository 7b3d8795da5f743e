// The real logos the image routes serve, from @web3icons/core (MIT): its SVGs on their brand
// background, which read the same on the modal's dark and light themes. Wallets are named as in
// the registry, networks by CAIP-2 id; whatever is not here gets our monogram (badge-svg.ts).
// The package ships each SVG as an ES module whose default export is the SVG text.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { WALLET_CONNECT_IMAGE_ID } from '@portico/protocol/wallets'
import { NETWORK_LOGO_NAMES } from './image-subjects'

const PACKAGE = '@web3icons/core/svgs'
const ACTIVE_CONTENT = /<script|<foreignObject|href\s*=|\son[a-z]+\s*=/i

/** Registry wallet name -> the package's wallet icon name. */
export const WALLET_LOGO_NAMES: ReadonlyMap<string, string> = new Map([
  ['MetaMask', 'metamask'],
  ['Trust Wallet', 'trust'],
  ['Coinbase Wallet', 'coinbase'],
  ['Phantom', 'phantom'],
  ['OKX Wallet', 'okx'],
  ['Zerion', 'zerion'],
  ['Ledger Live', 'ledger'],
  ['Exodus', 'exodus'],
  ['Backpack', 'backpack'],
  ['TokenPocket', 'token-pocket'],
  ['imToken', 'imtoken'],
  ['Kraken Wallet', 'kraken'],
  ['Zengo', 'zengo'],
  ['Enkrypt', 'enkrypt'],
  ['Coin98', 'coin98'],
  ['Rainbow', 'rainbow'],
  ['Rabby Wallet', 'rabby'],
  ['Safe', 'safe'],
  ['Argent', 'argent'],
  ['MEW wallet', 'my-ether-wallet'],
  ['Solflare', 'solflare'],
  ['Keplr', 'keplr'],
])

/** Image id -> the package's wallet icon name, for rows that are no registry wallet. */
export const FIXED_WALLET_LOGO_NAMES: ReadonlyMap<string, string> = new Map([
  [WALLET_CONNECT_IMAGE_ID, 'wallet-connect'],
])

export type LogoGroup = 'wallets' | 'networks'

/** The package's module specifier of one logo. */
export function logoModule(group: LogoGroup, name: string): string {
  return `${PACKAGE}/${group}/background/${name}.svg.js`
}

async function readLogo(group: LogoGroup, name: string): Promise<string> {
  const module: { default?: unknown } = await import(logoModule(group, name))
  if (typeof module.default !== 'string' || !module.default.startsWith('<svg')) {
    throw new Error(`${logoModule(group, name)} holds no SVG`)
  }
  // Served from our origin: refuse anything that could act (the reply's CSP blocks it too).
  if (ACTIVE_CONTENT.test(module.default)) {
    throw new Error(`${logoModule(group, name)} holds a script, link or handler`)
  }
  return module.default
}

async function readAll<Key>(
  group: LogoGroup,
  names: ReadonlyMap<Key, string>,
): Promise<Map<Key, string>> {
  const entries = await Promise.all(
    [...names].map(async ([key, name]) => [key, await readLogo(group, name)] as const),
  )
  return new Map(entries)
}

export interface Logos {
  /** Registry wallet name -> SVG text. */
  wallets: ReadonlyMap<string, string>
  /** Fixed image id (FIXED_WALLET_LOGO_NAMES) -> SVG text. */
  walletsById: ReadonlyMap<string, string>
  /** CAIP-2 network id -> SVG text. */
  networks: ReadonlyMap<CaipNetworkId, string>
}

/** Reads every logo once (the server's start); a missing one fails the start, not a request. */
export async function loadLogos(): Promise<Logos> {
  const [wallets, walletsById, networks] = await Promise.all([
    readAll('wallets', WALLET_LOGO_NAMES),
    readAll('wallets', FIXED_WALLET_LOGO_NAMES),
    readAll('networks', NETWORK_LOGO_NAMES),
  ])
  return { wallets, walletsById, networks }
}
