// Imports a whole registry into our catalogue: listings in the WalletConnect registry's format,
// read from a JSON file (`{ listings: { <id>: listing } }`, or an array) or from the
// registry copy an npm package carries (thirdweb-package.ts), with the images that come with
// them. Each listing is checked alone (registry-listing.ts) and against those taken before it
// (one id, name, rdns and image per wallet); what is left out is reported with its reason.
import type { WalletEntry } from '../wallet-entry'
import { type ImportedImage, parseImageDataUri } from './imported-image'
import { importListing, type RegistryListing } from './registry-listing'

/** A listing with its image as a data: URI (a package source), if it brings one. */
export interface SourceListing {
  listing: RegistryListing
  imageDataUri?: string
}

export interface ImportedCatalogue {
  /** Where the listings came from (package and version, or file), and its licence. */
  source: string
  wallets: WalletEntry[]
  /** image_id -> image. */
  images: Record<string, ImportedImage>
}

export interface ImportResult {
  catalogue: ImportedCatalogue
  /** One line per listing left out: its name or id, and why. */
  skipped: string[]
}

/** Places between two listings' `order`, and the first one's: after every built-in wallet. */
export const IMPORTED_ORDER_START = 100_000
const ORDER_STEP = 10

export function importListings(source: string, listings: readonly SourceListing[]): ImportResult {
  const wallets: WalletEntry[] = []
  const images: Record<string, ImportedImage> = {}
  const skipped: string[] = []
  const taken = new Map<string, string>()
  for (const [index, { listing, imageDataUri }] of listings.entries()) {
    const result = importListing(listing, IMPORTED_ORDER_START + index * ORDER_STEP)
    if (!result.ok) {
      skipped.push(result.problem)
      continue
    }
    const { entry } = result.listing
    const keys = [
      `name ${entry.name.toLowerCase()}`,
      `id ${entry.id}`,
      `image ${entry.image_id}`,
      ...(entry.rdns === null ? [] : [`rdns ${entry.rdns}`]),
    ]
    const clash = keys.find((key) => taken.has(key))
    if (clash !== undefined) {
      skipped.push(`${entry.name}: ${clash} is also ${taken.get(clash)}'s`)
      continue
    }
    let image: ImportedImage | undefined
    if (imageDataUri !== undefined) {
      const parsed = parseImageDataUri(imageDataUri)
      if (!parsed.ok) {
        skipped.push(`${entry.name}: ${parsed.problem}`)
        continue
      }
      image = parsed.image
    }
    for (const key of keys) taken.set(key, entry.name)
    wallets.push(entry)
    if (image) images[entry.image_id] = image
  }
  return { catalogue: { source, wallets, images }, skipped }
}

/** The listings of a registry JSON file: `{ listings: { id: listing } }`, `{ data: [...] }` or an array. */
export function listingsOfJson(json: unknown): SourceListing[] {
  const container = json as { listings?: unknown; data?: unknown } | null
  const raw = Array.isArray(json)
    ? json
    : Array.isArray(container?.data)
      ? container.data
      : container?.listings && typeof container.listings === 'object'
        ? Object.values(container.listings)
        : undefined
  if (raw === undefined) throw new Error('no listings: expected { listings }, { data } or an array')
  return raw.map((listing) => ({ listing: (listing ?? {}) as RegistryListing }))
}
