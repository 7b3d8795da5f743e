// Who an address is: its registered name (profile/) and that name's avatar, each null when it
// has none. Answers are cached for the spec's identity lifetime; registering a name drops the
// address's entry (identityCacheKey), so a new name shows at once.
import type { Identity } from '@portico/protocol/identity'
import type { Cache } from '../cache/cache'
import { CACHE_TTL_IDENTITY_MS } from '../constants'
import type { ProfileStore } from '../profile/profile-store'

export interface IdentityResolver {
  /** `address` is lowercase, 0x and 40 hex digits. */
  resolve(address: string): Promise<Identity>
}

/** The names registered here: an address's name and its `avatar` attribute. */
export function registeredNames(names: ProfileStore): IdentityResolver {
  return {
    async resolve(address) {
      const account = await names.byAddress(address)
      return { name: account?.name ?? null, avatar: account?.attributes.avatar ?? null }
    },
  }
}

/** The cache entry of an address's identity (`address` lowercase). */
export function identityCacheKey(address: string): string {
  return `identity:${address}`
}

export function cachedIdentityResolver(
  source: IdentityResolver,
  cache: Cache,
  ttlMs = CACHE_TTL_IDENTITY_MS,
): IdentityResolver {
  return {
    async resolve(address) {
      // The cache only saves work: when it cannot be reached, the source answers.
      const key = identityCacheKey(address)
      const cached = await cache.get<Identity>(key).catch(() => undefined)
      if (cached) return cached
      const identity = await source.resolve(address)
      await cache.set(key, identity, ttlMs).catch(() => {})
      return identity
    },
  }
}
