// The names the modal looked up for addresses (docs/product.md#local-caches, "name lookups"):
// Activity's counterparties and the connected account, each kept for the spec's name lookup
// lifetime, at most CACHE_SIZE addresses. Keyed by the address in lower case.
import { CACHE_SIZE, CACHE_TTL_NAME_LOOKUP_MS } from '../constants'
import { clock } from '../time/clock'
import { createStore } from './store'

export interface AddressName {
  /** The registered name, or undefined when the address has none. */
  name: string | undefined
  /** Its avatar attribute, when it has one. */
  avatar: string | undefined
  /** When the answer came (clock time). */
  at: number
}

export interface AddressNamesState {
  byAddress: Readonly<Record<string, AddressName>>
}

export const addressNamesStore = /* @__PURE__ */ createStore<AddressNamesState>(() => ({
  byAddress: {},
}))

/** The address's looked-up name while it is fresh, else undefined (never looked up, or stale). */
export function cachedAddressName(address: string): AddressName | undefined {
  const entry = addressNamesStore.get().byAddress[address.toLowerCase()]
  if (!entry || clock.now() - entry.at >= CACHE_TTL_NAME_LOOKUP_MS) return undefined
  return entry
}

/** Keeps an answer; past CACHE_SIZE entries the oldest answers go first. */
export function rememberAddressName(address: string, answer: Omit<AddressName, 'at'>): void {
  addressNamesStore.set(({ byAddress }) => {
    const next: Record<string, AddressName> = {
      ...byAddress,
      [address.toLowerCase()]: { ...answer, at: clock.now() },
    }
    const keys = Object.keys(next)
    if (keys.length > CACHE_SIZE) {
      keys.sort((a, b) => (next[a]?.at ?? 0) - (next[b]?.at ?? 0))
      for (const key of keys.slice(0, keys.length - CACHE_SIZE)) delete next[key]
    }
    return { byAddress: next }
  })
}
