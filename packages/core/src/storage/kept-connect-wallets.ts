// The Connect view's last wallet answer, kept in the browser so a returning visitor's registry
// rows show with the dialog while the request revalidates them (stale-while-revalidate). Not one
// of the spec's stored keys, and only the modal's chunks read it: the page pays nothing for it.
import type { ModalWallet } from '../api/wallets'
import { readRaw, writeRaw } from './fallback-storage'

export const KEPT_CONNECT_WALLETS_KEY = '@portico/connect_wallets'

export interface KeptConnectWallets {
  /** Which server, project and filter the answer is for: another one is not used. */
  scope: string
  featured: ModalWallet[]
  recommended: ModalWallet[]
  total: number
}

function isWalletItem(value: unknown): value is ModalWallet {
  if (typeof value !== 'object' || value === null) return false
  const item = value as Record<string, unknown>
  return (
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.image_id === 'string' &&
    Array.isArray(item.chains)
  )
}

function isKept(value: unknown): value is KeptConnectWallets {
  if (typeof value !== 'object' || value === null) return false
  const kept = value as Record<string, unknown>
  return (
    typeof kept.scope === 'string' &&
    typeof kept.total === 'number' &&
    Array.isArray(kept.featured) &&
    kept.featured.every(isWalletItem) &&
    Array.isArray(kept.recommended) &&
    kept.recommended.every(isWalletItem)
  )
}

/** The kept answer for `scope`; undefined when none is kept, it is another scope's, or unreadable. */
export function readKeptConnectWallets(scope: string): KeptConnectWallets | undefined {
  const raw = readRaw(KEPT_CONNECT_WALLETS_KEY)
  if (raw === null) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    return isKept(value) && value.scope === scope ? value : undefined
  } catch {
    return undefined
  }
}

export function writeKeptConnectWallets(kept: KeptConnectWallets): void {
  writeRaw(KEPT_CONNECT_WALLETS_KEY, JSON.stringify(kept))
}
