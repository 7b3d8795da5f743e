// Who an address is: its name and avatar. No names exist yet (profile names come with the
// names work), so every address is answered { name: null, avatar: null }; answers are cached for
// the spec's identity lifetime so a names source can be dropped in behind the same cache.
import type { Identity } from '@portico/protocol/identity'
import type { Cache } from '../cache/cache'
import { CACHE_TTL_IDENTITY_MS } from '../constants'

export interface IdentityResolver {
  /** `address` is lowercase, 0x and 40 hex digits. */
  resolve(address: string): Promise<Identity>
}

export const noNamesYet: IdentityResolver = {
  async resolve() {
    return { name: null, avatar: null }
  },
}

export function cachedIdentityResolver(
  source: IdentityResolver,
  cache: Cache,
  ttlMs = CACHE_TTL_IDENTITY_MS,
): IdentityResolver {
  return {
    async resolve(address) {
      // The cache only saves work: when it cannot be reached, the source answers.
      const key = `identity:${address}`
      const cached = await cache.get<Identity>(key).catch(() => undefined)
      if (cached) return cached
      const identity = await source.resolve(address)
      await cache.set(key, identity, ttlMs).catch(() => {})
      return identity
    },
  }
}
