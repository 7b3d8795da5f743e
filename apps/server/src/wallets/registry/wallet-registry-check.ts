// What is wrong with a list of wallet entries: the built-in registry (the server refuses to start
// on a registry it would answer wrongly from) and each imported listing are held to it.
import { parseChainId } from '../../chains/chain-id'
import { APP_PLATFORMS, type WalletEntry } from './wallet-entry'

const WALLET_ID = /^[0-9a-f]{64}$/
const IMAGE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const RDNS = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/
/** A deep link (`metamask://`, `okex://main`) or an https universal link. */
const APP_LINK = /^(?:[a-z][a-z0-9+.-]*:\/\/[^\s]*|https:\/\/[^\s]+)$/

function isHttpsUrl(value: string): boolean {
  return URL.canParse(value) && new URL(value).protocol === 'https:'
}

/** What is wrong with the registry, one line a mistake; empty when nothing is. */
export function checkRegistry(entries: readonly WalletEntry[]): string[] {
  const problems: string[] = []
  const seen = new Map<string, string>()
  const unique = (kind: string, value: string, name: string) => {
    const key = `${kind}:${value.toLowerCase()}`
    const other = seen.get(key)
    if (other !== undefined) problems.push(`${name}: ${kind} ${value} is also ${other}'s`)
    seen.set(key, name)
  }
  for (const wallet of entries) {
    const { name } = wallet
    if (!WALLET_ID.test(wallet.id)) problems.push(`${name}: id is not 64 lowercase hex digits`)
    if (!IMAGE_ID.test(wallet.image_id)) problems.push(`${name}: image_id is not a UUID`)
    if (name.trim() !== name || name.length < 1 || name.length > 64) {
      problems.push(`${name}: name must be 1 to 64 characters without outer spaces`)
    }
    if (wallet.rdns !== null && !RDNS.test(wallet.rdns)) problems.push(`${name}: bad rdns`)
    if (wallet.chains.length === 0) problems.push(`${name}: no chains`)
    for (const chain of wallet.chains) {
      try {
        if (parseChainId(chain) !== chain) problems.push(`${name}: chain ${chain} is not canonical`)
      } catch {
        problems.push(`${name}: chain ${chain} is not a CAIP-2 id`)
      }
    }
    for (const link of [wallet.mobile_link, wallet.desktop_link]) {
      if (link !== null && !APP_LINK.test(link)) problems.push(`${name}: bad app link ${link}`)
    }
    const urls = [wallet.homepage, wallet.webapp_link, ...APP_PLATFORMS.map((p) => wallet.app[p])]
    for (const url of urls) {
      if (url !== null && !isHttpsUrl(url)) problems.push(`${name}: ${url} is not an https URL`)
    }
    if (!Number.isInteger(wallet.order) || wallet.order < 0) problems.push(`${name}: bad order`)
    unique('id', wallet.id, name)
    unique('image_id', wallet.image_id, name)
    unique('name', name, name)
    unique('order', String(wallet.order), name)
    if (wallet.rdns !== null) unique('rdns', wallet.rdns, name)
  }
  return problems
}
