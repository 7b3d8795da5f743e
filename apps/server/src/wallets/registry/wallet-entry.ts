// One wallet of the registry, and the builder its data files use: a data file states the facts
// a wallet has; the builder fills every fact it leaves out with null.
import type { CaipNetworkId } from '../../chains/chain-id'

export type BadgeType = 'certified' | 'none'

/** Where a wallet can be installed from, as in the wallet list item's `app`. */
export const APP_PLATFORMS = [
  'browser',
  'ios',
  'android',
  'mac',
  'windows',
  'linux',
  'chrome',
  'firefox',
  'safari',
  'edge',
  'opera',
] as const

export type AppPlatform = (typeof APP_PLATFORMS)[number]
export type WalletApps = Record<AppPlatform, string | null>

export interface WalletEntry {
  /** 64 lowercase hex digits; never changes, even when the name does. */
  id: string
  name: string
  /** Names the wallet's generated image: /getWalletImage/{image_id}. */
  image_id: string
  /** Reverse-DNS id the wallet announces over EIP-6963, when it has one. */
  rdns: string | null
  chains: readonly CaipNetworkId[]
  /** Deep link or universal link opening the mobile app. */
  mobile_link: string | null
  /** Deep link opening the desktop app. */
  desktop_link: string | null
  /** A web app that connects over WalletConnect. */
  webapp_link: string | null
  homepage: string
  app: WalletApps
  badge_type: BadgeType
  /** Position in lists, smallest first. */
  order: number
}

export interface WalletFacts {
  id: string
  image_id: string
  name: string
  order: number
  certified?: boolean
  rdns?: string
  chains: readonly CaipNetworkId[]
  mobile?: string
  desktop?: string
  webapp?: string
  homepage: string
  app?: Partial<WalletApps>
}

export function defineWallet(facts: WalletFacts): WalletEntry {
  const app = Object.fromEntries(
    APP_PLATFORMS.map((platform) => [platform, facts.app?.[platform] ?? null]),
  ) as WalletApps
  return {
    id: facts.id,
    name: facts.name,
    image_id: facts.image_id,
    rdns: facts.rdns ?? null,
    chains: [...new Set(facts.chains)],
    mobile_link: facts.mobile ?? null,
    desktop_link: facts.desktop ?? null,
    webapp_link: facts.webapp ?? null,
    homepage: facts.homepage,
    app,
    badge_type: facts.certified ? 'certified' : 'none',
    order: facts.order,
  }
}
