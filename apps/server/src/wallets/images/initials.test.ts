import { describe, expect, it } from 'vitest'
import { renderBadgeSvg } from './badge-svg'
import { distinctInitials, initialsOf, symbolLabelOf } from './initials'

describe('initialsOf', () => {
  it.each([
    ['MetaMask', 'MM'],
    ['Trust Wallet', 'TW'],
    ['imToken', 'IT'],
    ['Phantom', 'P'],
    ['1inch Wallet', '1W'],
    ['Crypto.com Onchain', 'CC'],
    ['OP Mainnet', 'OM'],
    ['', '?'],
  ])('%j -> %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials)
  })

  it('tells apart wallets that share their initials, with no more letters than needed', () => {
    const labels = distinctInitials([
      'Binance Wallet',
      'Brave Wallet',
      'Bitget Wallet',
      'Bybit Wallet',
      'Frame',
      'Family',
      'Frontier',
      'Trust Wallet',
      'MetaMask',
    ])
    expect(Object.fromEntries(labels)).toEqual({
      'Binance Wallet': 'BinW',
      'Brave Wallet': 'BrW',
      'Bitget Wallet': 'BitW',
      'Bybit Wallet': 'ByW',
      Frame: 'Fra',
      Family: 'Fa',
      Frontier: 'Fro',
      'Trust Wallet': 'TW',
      MetaMask: 'MM',
    })
  })

  it('keeps at most four characters, even for names alike that far', () => {
    const labels = distinctInitials(['Walletron One', 'Walletron Two'])
    expect([...labels.values()].every((label) => [...label].length <= 4)).toBe(true)
  })

  it('shows up to four characters of a token symbol, upper case', () => {
    expect(symbolLabelOf('usdc')).toBe('USDC')
    expect(symbolLabelOf('stETHwrapped')).toBe('STET')
  })
})

describe('renderBadgeSvg', () => {
  it('escapes what it shows', () => {
    const svg = renderBadgeSvg({ label: '<&>', title: '"Evil" <b>', seed: 'x', shape: 'circle' })
    expect(svg).not.toContain('<b>')
    expect(svg).toContain('&#60;&#38;&#62;')
    expect(svg).toContain('aria-label="&#34;Evil&#34; &#60;b&#62;"')
  })

  it('gives the same seed the same image and another seed another colour', () => {
    const badge = { label: 'A', title: 'A', seed: 'one', shape: 'square' as const }
    expect(renderBadgeSvg(badge)).toBe(renderBadgeSvg({ ...badge }))
    expect(renderBadgeSvg(badge)).not.toBe(renderBadgeSvg({ ...badge, seed: 'two' }))
  })
})
