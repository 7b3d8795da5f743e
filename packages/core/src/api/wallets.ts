// The Wallet API client (docs/product.md#wallet-api): the wallet list, image URLs, the allowed
// origins (an empty list on failure) and the analytics switch (off on failure).
import {
  ANALYTICS_CONFIG_PATH,
  PROJECT_ORIGINS_PATH,
  WALLETS_PATH,
} from '@portico/protocol/route-paths'
import { type ImageKind, imagePath } from '@portico/protocol/wallet-images'
import type {
  AnalyticsConfig,
  BadgeType,
  GetWalletsQuery,
  ProjectOrigins,
  WalletListItem,
  WalletPage,
} from '@portico/protocol/wallets'
import type { HttpClient, RouteQuery } from './http'

/**
 * A wallet as the modal lists it: a wallet list item (docs/product.md#entities), or one the modal
 * makes itself (a host's custom wallet, a recent one), which may lack the registry-only fields
 * and may carry its own image (a relative URL or data:image URI, used over image_id).
 */
export type ModalWallet = Omit<WalletListItem, 'homepage' | 'app' | 'badge_type'> &
  Partial<Pick<WalletListItem, 'homepage' | 'app' | 'badge_type'>> & { image_url?: string }

/** A page of the wallet list; its wallets widened as above (state/wallet-list.ts adds its own). */
export type ModalWalletPage = Omit<WalletPage, 'data'> & { data: ModalWallet[] }

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
  badge_type?: BadgeType
}

interface CallOptions {
  signal?: AbortSignal
}

interface FallbackCallOptions extends CallOptions {
  /** Told of the failure the answer falls back from (a 403 raises an alert, product.md#alerts). */
  onError?: (error: unknown) => void
}

export interface WalletsApi {
  getWallets(params: GetWalletsParams, options?: CallOptions): Promise<ModalWalletPage>
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
      const answer = await http.get<Partial<WalletPage>>(WALLETS_PATH, {
        query: {
          page: params.page,
          entries: params.entries,
          include: params.include,
          exclude: params.exclude,
          chains: params.chains,
          search: params.search,
          badge_type: params.badge_type,
        } satisfies RouteQuery<GetWalletsQuery>,
        signal: options.signal,
      })
      return {
        data: Array.isArray(answer?.data) ? answer.data : [],
        count: typeof answer?.count === 'number' ? answer.count : 0,
      }
    },

    imageUrl(kind, id) {
      return http.url(imagePath(kind, id))
    },

    async getProjectOrigins(options = {}) {
      try {
        const answer = await http.get<Partial<ProjectOrigins>>(PROJECT_ORIGINS_PATH, {
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
        const answer = await http.get<Partial<AnalyticsConfig>>(ANALYTICS_CONFIG_PATH, {
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
