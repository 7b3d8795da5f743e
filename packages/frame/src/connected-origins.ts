// The pages the visitor logged in from. The frame's storage is its own origin's, so every page
// that embeds the frame finds the same login there: each origin the project allows, and with
// partitioned storage still every page of the same site. A wallet tells a site nothing until
// the person says yes to that site (eth_requestAccounts); here the yes is the login itself (the
// code, the social or the Farcaster login) made on that page. Until then the page's frame acts as
// if no one were logged in. The record is of one wallet: a login to another address starts it
// afresh, and the frame clears it when the login ends (sign-out, a session the server dropped).
import type { KeyValueStore } from './frame-storage'

/** Under the frame's '@portico-wallet/' prefix, beside frame-storage.ts's keys. */
export const CONNECTED_ORIGINS_KEY = '@portico-wallet/connected-origins'

interface ConnectedOrigins {
  /** The wallet the visitor logged in to. */
  address: string
  origins: string[]
}

function read(store: KeyValueStore): ConnectedOrigins | undefined {
  const text = store.getItem(CONNECTED_ORIGINS_KEY)
  if (text === null) return undefined
  try {
    const value = JSON.parse(text) as Partial<ConnectedOrigins> | null
    if (typeof value?.address !== 'string' || !Array.isArray(value.origins)) return undefined
    const origins = value.origins.filter((origin): origin is string => typeof origin === 'string')
    return { address: value.address, origins }
  } catch {
    return undefined
  }
}

export function createConnectedOrigins(store: KeyValueStore) {
  return {
    /** Whether the visitor logged in from `origin` (to the wallet at `address`, when given). */
    has(origin: string, address?: string): boolean {
      const record = read(store)
      if (!record?.origins.includes(origin)) return false
      return address === undefined || record.address.toLowerCase() === address.toLowerCase()
    },
    /** The visitor logged in from `origin` to the wallet at `address`. */
    add(origin: string, address: string) {
      const record = read(store)
      const same = record?.address.toLowerCase() === address.toLowerCase()
      const origins = same && record ? record.origins.filter((known) => known !== origin) : []
      store.setItem(
        CONNECTED_ORIGINS_KEY,
        JSON.stringify({ address, origins: [...origins, origin] } satisfies ConnectedOrigins),
      )
    },
    clear() {
      store.removeItem(CONNECTED_ORIGINS_KEY)
    },
  }
}
export type ConnectedOriginsStore = ReturnType<typeof createConnectedOrigins>
