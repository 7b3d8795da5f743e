// Wallet search: a query matches a wallet when it occurs in the wallet's name or rdns, ignoring
// case, accents, spaces and punctuation ('meta' and 'io.metamask' find MetaMask, 'trust wallet'
// finds Trust Wallet). A query of punctuation alone ('.') is matched as written instead.

/** Lowercase letters and digits only, accents removed: 'Crypto.com Onchain' -> 'cryptocomonchain'. */
export function searchKeyOf(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
}

export interface SearchQuery {
  /** The query's search key; empty when the query is punctuation alone. */
  key: string
  /** The trimmed, lowercased query. */
  text: string
}

/** Undefined when the query is empty after trimming (no search). */
export function toSearchQuery(raw: string | undefined): SearchQuery | undefined {
  const text = raw?.trim().toLowerCase() ?? ''
  return text === '' ? undefined : { key: searchKeyOf(text), text }
}

/** What a wallet is searched by, computed once per wallet. */
export interface SearchIndexEntry {
  nameKey: string
  rdnsKey: string
  nameText: string
  rdnsText: string
}

export function indexForSearch(name: string, rdns: string | null): SearchIndexEntry {
  return {
    nameKey: searchKeyOf(name),
    rdnsKey: rdns === null ? '' : searchKeyOf(rdns),
    nameText: name.toLowerCase(),
    rdnsText: rdns?.toLowerCase() ?? '',
  }
}

export function matchesSearch(entry: SearchIndexEntry, query: SearchQuery): boolean {
  if (query.key === '') {
    return entry.nameText.includes(query.text) || entry.rdnsText.includes(query.text)
  }
  return entry.nameKey.includes(query.key) || entry.rdnsKey.includes(query.key)
}
