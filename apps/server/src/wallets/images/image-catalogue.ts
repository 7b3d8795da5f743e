// Every image the Wallet API serves, made once: wallets and networks at start (their real logo,
// logo-sources.ts, else our monogram), currencies too, tokens on first request (kept in a
// bounded LRU). Each carries a strong ETag of its bytes.

import type { ImageKind } from '@portico/protocol/wallet-images'
import { LruMap } from '../../cache/lru-map'
import { entityTag } from '../../http/entity-tag'
import type { ImportedImage } from '../registry/import/imported-image'
import type { ServedRegistry } from '../registry/registry-choice'
import { TOKEN_IMAGE_CACHE_ENTRIES } from '../wallet-api-constants'
import { type Badge, renderBadgeSvg } from './badge-svg'
import { CURRENCY_SIGNS, NETWORK_NAMES, TOKEN_SYMBOL } from './image-subjects'
import { distinctInitials, initialsOf, symbolLabelOf } from './initials'
import type { Logos } from './logo-sources'

export interface ImageAsset {
  body: Buffer
  /** Quoted, strong. */
  etag: string
  /** Its media type: our SVG, or an imported registry logo's raster type. */
  type: 'image/svg+xml' | ImportedImage['type']
}

export function toImageAsset(badge: Badge): ImageAsset {
  return svgAsset(renderBadgeSvg(badge))
}

function svgAsset(svg: string): ImageAsset {
  const body = Buffer.from(svg)
  return { body, etag: entityTag(body), type: 'image/svg+xml' }
}

function importedAsset(image: ImportedImage): ImageAsset {
  const body = Buffer.from(image.base64, 'base64')
  return { body, etag: entityTag(body), type: image.type }
}

function logoOr(logo: string | undefined, monogram: Badge): ImageAsset {
  return logo === undefined ? toImageAsset(monogram) : svgAsset(logo)
}

const TOKEN_IMAGE_TTL_MS = Number.POSITIVE_INFINITY

export class ImageCatalogue {
  readonly #wallets: ReadonlyMap<string, ImageAsset>
  readonly #assets: ReadonlyMap<string, ImageAsset>
  readonly #currencies: ReadonlyMap<string, ImageAsset>
  readonly #tokens = new LruMap<ImageAsset>(TOKEN_IMAGE_CACHE_ENTRIES)

  /** The served wallets with the logos their import brought (registry-choice.ts). */
  constructor({ wallets, images }: ServedRegistry, logos: Logos) {
    // Only the wallets without a logo of their own show a monogram, and those sit side by side
    // in the lists: their letters must tell them apart.
    const labels = distinctInitials(
      wallets
        .filter((wallet) => !logos.wallets.has(wallet.name))
        .filter((wallet) => !images.has(wallet.image_id))
        .filter((wallet) => !logos.walletsById.has(wallet.image_id))
        .map((wallet) => wallet.name),
    )
    this.#wallets = new Map<string, ImageAsset>([
      ...wallets.map((wallet): [string, ImageAsset] => [
        wallet.image_id,
        logoOr(logos.wallets.get(wallet.name), {
          label: labels.get(wallet.name) ?? initialsOf(wallet.name),
          title: wallet.name,
          seed: wallet.id,
          shape: 'square',
        }),
      ]),
      ...[...logos.walletsById].map(([id, logo]) => [id, svgAsset(logo)] as const),
      // An imported wallet's own logo (the import keeps only those of the wallets it serves).
      ...[...images].map(([id, image]) => [id, importedAsset(image)] as const),
    ])
    this.#assets = new Map(
      [...NETWORK_NAMES].map(([network, name]) => [
        network,
        logoOr(logos.networks.get(network), {
          label: initialsOf(name),
          title: name,
          seed: network,
          shape: 'circle',
        }),
      ]),
    )
    this.#currencies = new Map(
      [...CURRENCY_SIGNS].map(([code, sign]) => [
        code,
        toImageAsset({ label: sign, title: code, seed: code, shape: 'circle' }),
      ]),
    )
  }

  find(kind: ImageKind, id: string): ImageAsset | undefined {
    switch (kind) {
      case 'wallet':
        return this.#wallets.get(id)
      case 'asset':
        return this.#assets.get(id)
      case 'currency':
        return this.#currencies.get(id.toUpperCase())
      case 'token':
        return this.#token(id)
    }
  }

  #token(symbol: string): ImageAsset | undefined {
    if (!TOKEN_SYMBOL.test(symbol)) return undefined
    const key = symbol.toUpperCase()
    const cached = this.#tokens.get(key)
    if (cached) return cached
    const asset = toImageAsset({
      label: symbolLabelOf(key),
      title: key,
      seed: `token:${key}`,
      shape: 'circle',
    })
    this.#tokens.set(key, asset, TOKEN_IMAGE_TTL_MS)
    return asset
  }
}
