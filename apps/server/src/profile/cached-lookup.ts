// Name lookups kept for the spec's name lookup lifetime (5 min). Only found names are kept: a
// registered name never changes or goes (there is no update or release), so a kept answer stays
// true, and a name registered a moment after a miss shows at once.
import type { ProfileAccount } from '@portico/protocol/profile'
import type { Cache } from '../cache/cache'
import { CACHE_TTL_NAME_LOOKUP_MS } from '../constants'

export async function cachedLookup(
  cache: Cache,
  key: string,
  read: () => Promise<ProfileAccount | undefined>,
): Promise<ProfileAccount | undefined> {
  // The cache only saves work: when it cannot be reached, the database answers.
  const kept = await cache.get<ProfileAccount>(key).catch(() => undefined)
  if (kept) return kept
  const account = await read()
  if (account) await cache.set(key, account, CACHE_TTL_NAME_LOOKUP_MS).catch(() => {})
  return account
}
