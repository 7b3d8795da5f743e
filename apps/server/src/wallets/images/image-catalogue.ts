// Every image the Wallet API serves, made once: wallets and networks at start (their real logo,
// logo-sources.ts, else our monogram), currencies too, tokens on first request (kept in a
// bounded LRU). Each carries a strong ETag of its bytes.
import { createHash } from 'node:crypto'
import { LruMap } from '../../cache/lru-map'
import type { WalletEntry } from '../registry/wallet-entry'
import { TOKEN_IMAGE_CACHE_ENTRIES } from '../wallet-api-constants'
import { type Badge, renderBadgeSvg } from './badge-svg'
import { CURRENCY_SIGNS, NETWORK_NAMES, TOKEN_SYMBOL } from './image-subjects'
import { initialsOf, symbolLabelOf } from './initials'
import type { Logos } from './logo-sources'

export interface ImageAsset {
  body: Buffer
  /** Quoted, strong. */
  etag: string
}

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

export function toImageAsset(badge: Badge): ImageAsset {
  return svgAsset(renderBadgeSvg(badge))
}

function svgAsset(svg: string): ImageAsset {
  const body = Buffer.from(svg)
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`
  return { body, etag }
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

  constructor(wallets: readonly WalletEntry[], logos: Logos) {
    this.#wallets = new Map<string, ImageAsset>([
      ...wallets.map((wallet): [string, ImageAsset] => [
        wallet.image_id,
        logoOr(logos.wallets.get(wallet.name), {
          label: initialsOf(wallet.name),
          title: wallet.name,
          seed: wallet.id,
          shape: 'square',
        }),
      ]),
      ...[...logos.walletsById].map(([id, logo]) => [id, svgAsset(logo)] as const),
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
