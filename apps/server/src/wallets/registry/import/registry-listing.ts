// The WalletConnect registry's listing format (one wallet: id, name, homepage, image_id, rdns,
// chains, mobile / desktop links, store pages, injected ids) and its import into our entries,
// entry by entry: a listing that is wrong is reported with the reason and left out, never
// served. Every imported entry then passes checkRegistry, as the built-in ones do.
import { createHash } from 'node:crypto'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { EVM } from '../chain-sets'
import { APP_PLATFORMS, type AppPlatform, type WalletEntry } from '../wallet-entry'
import { checkRegistry } from '../wallet-registry-check'

/** One listing as the registry writes it; every field may be missing or null in the wild. */
export interface RegistryListing {
  id?: unknown
  name?: unknown
  homepage?: unknown
  image_id?: unknown
  rdns?: unknown
  chains?: unknown
  mobile?: { native?: unknown; universal?: unknown } | null
  desktop?: { native?: unknown; universal?: unknown } | null
  app?: Partial<Record<AppPlatform, unknown>> | null
  injected?: { namespace?: unknown; injected_id?: unknown }[] | null
}

export interface ImportedListing {
  entry: WalletEntry
  /** The registry's own id for the wallet (its 64-hex id, or the id its source gives). */
  sourceId: string
}

export type ListingResult = { ok: true; listing: ImportedListing } | { ok: false; problem: string }

/**
 * Our id for a wallet named `name`: the built-in list's rule (sha256 of 'portico:wallet:' and the
 * lowercase name), so a wallet both lists hold has one id.
 */
export function walletIdForName(name: string): string {
  return createHash('sha256').update(`portico:wallet:${name.toLowerCase()}`).digest('hex')
}

const WALLET_ID = /^[0-9a-f]{64}$/
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A listing's own image id, or one made from its name (a few name a file, `base.svg`). */
function imageIdOf(raw: unknown, name: string): string {
  const given = text(raw)?.toLowerCase()
  if (given !== undefined && IMAGE_ID.test(given)) return given
  const hex = createHash('sha256')
    .update(`portico:wallet-image:${name.toLowerCase()}`)
    .digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** A link with its scheme in lower case, the scheme's canonical form (`hyperPay://` is `hyperpay://`). */
function appLink(value: unknown): string | null {
  const link = text(value)
  return link?.replace(/^[A-Za-z][A-Za-z0-9+.-]*:/, (scheme) => scheme.toLowerCase()) ?? null
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * Imports one listing at list position `order`. A listing without chains (a source that keeps
 * them elsewhere) gets `defaultChains`: the EVM mainnets we serve, unless the caller says.
 */
export function importListing(
  raw: RegistryListing,
  order: number,
  defaultChains: readonly CaipNetworkId[] = EVM,
): ListingResult {
  const name = text(raw.name)
  if (name === null) return { ok: false, problem: `${String(raw.id)}: no name` }
  const sourceId = text(raw.id) ?? name
  const chains = Array.isArray(raw.chains)
    ? raw.chains.filter((chain): chain is CaipNetworkId => typeof chain === 'string')
    : defaultChains
  const app = Object.fromEntries(
    APP_PLATFORMS.map((platform) => [platform, text(raw.app?.[platform])]),
  ) as WalletEntry['app']
  const homepage = text(raw.homepage)
  if (homepage === null) return { ok: false, problem: `${name}: no homepage` }
  const entry: WalletEntry = {
    id: WALLET_ID.test(sourceId) ? sourceId : walletIdForName(name),
    name,
    image_id: imageIdOf(raw.image_id, name),
    rdns: text(raw.rdns)?.toLowerCase() ?? null,
    chains: [...new Set(chains)],
    // The app's own scheme first: a universal link opens a browser page when the app is missing.
    mobile_link: appLink(raw.mobile?.native) ?? appLink(raw.mobile?.universal),
    desktop_link: appLink(raw.desktop?.native) ?? appLink(raw.desktop?.universal),
    webapp_link: app.browser,
    homepage,
    app,
    badge_type: 'none',
    order,
  }
  const problems = checkRegistry([entry])
  if (problems.length > 0) return { ok: false, problem: problems.join('; ') }
  return { ok: true, listing: { entry, sourceId } }
}
