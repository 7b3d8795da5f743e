// One wallet of the registry, and the builder its data files use: a data file states the facts
// a wallet has; the builder fills every fact it leaves out with null.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import type { WalletListItem } from '@portico/protocol/wallets'

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

/** A wallet list item of the API (@portico/protocol), with its place in lists. */
export interface WalletEntry extends Omit<WalletListItem, 'chains' | 'app'> {
  chains: readonly CaipNetworkId[]
  app: WalletApps
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
