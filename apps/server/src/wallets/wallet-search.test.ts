import { describe, expect, it } from 'vitest'
import { indexForSearch, matchesSearch, searchKeyOf, toSearchQuery } from './wallet-search'

function finds(query: string, name: string, rdns: string | null = null): boolean {
  const search = toSearchQuery(query)
  if (!search) throw new Error('blank query')
  return matchesSearch(indexForSearch(name, rdns), search)
}

describe('wallet search', () => {
  it('keeps letters and digits only, lowercase and without accents', () => {
    expect(searchKeyOf('Crypto.com Onchain')).toBe('cryptocomonchain')
    expect(searchKeyOf('Zéngo  1inch')).toBe('zengo1inch')
  })

  it('matches names and rdns ignoring case, spaces and punctuation', () => {
    expect(finds('meta', 'MetaMask', 'io.metamask')).toBe(true)
    expect(finds('io.metamask', 'MetaMask', 'io.metamask')).toBe(true)
    expect(finds('META MASK', 'MetaMask', 'io.metamask')).toBe(true)
    expect(finds('trust-wallet', 'Trust Wallet', 'com.trustwallet.app')).toBe(true)
    expect(finds('rainbow', 'MetaMask', 'io.metamask')).toBe(false)
  })

  it('matches a query of punctuation alone as written', () => {
    expect(finds('.', 'MetaMask', 'io.metamask')).toBe(true)
    expect(finds('.', 'Safe', null)).toBe(false)
  })

  it('treats a blank query as no search', () => {
    expect(toSearchQuery('   ')).toBeUndefined()
    expect(toSearchQuery(undefined)).toBeUndefined()
  })
})
