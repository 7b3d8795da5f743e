// The Wallet API client (spec section 7): the wallet list, image URLs, the project's allowed
// origins (an empty list on failure) and the analytics switch (off on failure).
import type { HttpClient } from './http'

/** Spec section 3, "Wallet list item". */
export interface WalletListItem {
  id: string
  name: string
  image_id: string
  /** A host's custom wallet's own image (relative URL or data:image URI), used over image_id. */
  image_url?: string
  rdns: string | null
  chains: string[]
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  homepage?: string
  /** Where to get the wallet, by platform (ios, android, chrome, mac, ...). */
  app?: Record<string, string | null>
  badge_type?: 'certified' | 'none'
}

export interface WalletPage {
  data: WalletListItem[]
  count: number
}

export interface GetWalletsParams {
  /** 1-based. */
  page: number
  /** Page size: 4 recommended, 40 a list page, 100 a search (constants.ts). */
  entries: number
  include?: readonly string[]
  exclude?: readonly string[]
  /** CAIP-2 ids; a wallet matches if it supports any. */
  chains?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none'
}

export type ImageKind = 'wallet' | 'asset' | 'currency' | 'token'

const IMAGE_PATHS: Record<ImageKind, string> = {
  wallet: '/getWalletImage/',
  asset: '/public/getAssetImage/',
  currency: '/public/getCurrencyImage/',
  token: '/public/getTokenImage/',
}

interface CallOptions {
  signal?: AbortSignal
}

interface FallbackCallOptions extends CallOptions {
  /** Told of the failure the answer falls back from (a 403 raises an alert, spec section 8). */
  onError?: (error: unknown) => void
}

export interface WalletsApi {
  getWallets(params: GetWalletsParams, options?: CallOptions): Promise<WalletPage>
  /** The URL of an image blob, for <img src>. */
  imageUrl(kind: ImageKind, id: string): string
  /** The project's allowed origins; an empty list when the call fails. */
  getProjectOrigins(options?: FallbackCallOptions): Promise<string[]>
  /** Whether analytics are on; off when the call fails. */
  getAnalyticsConfig(options?: FallbackCallOptions): Promise<{ isAnalyticsEnabled: boolean }>
}

export function createWalletsApi(http: HttpClient): WalletsApi {
  return {
    async getWallets(params, options = {}) {
      const answer = await http.get<Partial<WalletPage>>('/getWallets', {
        query: {
          page: params.page,
          entries: params.entries,
          include: params.include,
          exclude: params.exclude,
          chains: params.chains,
          search: params.search,
          badge_type: params.badge_type,
        },
        signal: options.signal,
      })
      return {
        data: Array.isArray(answer?.data) ? answer.data : [],
        count: typeof answer?.count === 'number' ? answer.count : 0,
      }
    },

    imageUrl(kind, id) {
      return http.url(`${IMAGE_PATHS[kind]}${encodeURIComponent(id)}`)
    },

    async getProjectOrigins(options = {}) {
      try {
        const answer = await http.get<{ allowedOrigins?: unknown }>('/projects/v1/origins', {
          signal: options.signal,
        })
        const origins = answer?.allowedOrigins
        return Array.isArray(origins) ? origins.filter((origin) => typeof origin === 'string') : []
      } catch (error) {
        options.onError?.(error)
        return []
      }
    },

    async getAnalyticsConfig(options = {}) {
      try {
        const answer = await http.get<{ isAnalyticsEnabled?: unknown }>('/getAnalyticsConfig', {
          signal: options.signal,
        })
        return { isAnalyticsEnabled: answer?.isAnalyticsEnabled === true }
      } catch (error) {
        options.onError?.(error)
        return { isAnalyticsEnabled: false }
      }
    },
  }
}
