// The wallet options (featured, included, excluded ids; the host's custom wallets), checked
// before anything is listed, so the host sees which entry is wrong.
import { InvalidOptionsError } from './option-errors'
import type { CustomWallet } from './option-types'

// The Wallet API takes only these ids (and answers an empty list for any other): a bad id is
// refused here, where the host sees which one, rather than as a silently empty modal.
const WALLET_ID = /^[0-9a-f]{64}$/i

/** Whether `id` has the shape of a registry wallet's id. */
export function isRegistryWalletId(id: string): boolean {
  return WALLET_ID.test(id)
}

export function walletIds(name: string, ids: unknown): string[] {
  if (ids === undefined) return []
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string')) {
    throw new InvalidOptionsError(`${name} must be a list of wallet ids`)
  }
  const bad = ids.find((id) => !isRegistryWalletId(id))
  if (bad !== undefined) {
    throw new InvalidOptionsError(
      `${name}: ${JSON.stringify(bad)} is not a wallet id (64 hex digits)`,
    )
  }
  // The registry's ids are lower case; the featured order is matched against them.
  return ids.map((id) => id.toLowerCase())
}

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === ''

// Parsed as the browser would (tabs, backslashes, //host): anything resolving away from the
// page's own origin would load the image from another server.
function isLocalImage(url: string): boolean {
  const base = 'http://portico.invalid'
  try {
    const parsed = new URL(url, `${base}/`)
    return parsed.origin === base || /^data:image\//i.test(parsed.href)
  } catch {
    return false
  }
}

export function customWallets(wallets: unknown): CustomWallet[] {
  if (wallets === undefined) return []
  if (!Array.isArray(wallets)) throw new InvalidOptionsError('customWallets must be a list')
  const ids = new Set<string>()
  return wallets.map((wallet: CustomWallet, index) => {
    // Named by its place and by its id, or its name when it has no id.
    const known = isBlank(wallet?.id) ? wallet?.name : wallet.id
    const named = `customWallets[${index}]${isBlank(known) ? '' : ` (${known})`}`
    if (isBlank(wallet?.id)) throw new InvalidOptionsError(`${named} needs an id`)
    if (isBlank(wallet.name)) throw new InvalidOptionsError(`${named} needs a name`)
    if (ids.has(wallet.id)) throw new InvalidOptionsError(`${named} is listed twice`)
    ids.add(wallet.id)
    // Every field is text (links, rdns): one of another type is a host's mistake.
    const field = Object.entries(wallet).find(
      ([, value]) => value != null && typeof value !== 'string',
    )
    if (field) throw new InvalidOptionsError(`${named}: ${field[0]} must be a string`)
    if (wallet.image_url !== undefined && !isLocalImage(wallet.image_url))
      throw new InvalidOptionsError(
        `${named}: image_url must be a relative URL or a data:image URI`,
      )
    return { ...wallet }
  })
}
