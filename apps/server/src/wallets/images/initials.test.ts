import { describe, expect, it } from 'vitest'
import { renderBadgeSvg } from './badge-svg'
import { initialsOf, symbolLabelOf } from './initials'

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
