import { describe, expect, it } from 'vitest'
import { createOriginMatcher } from '../projects/origin-pattern'
import { signInSiteMismatch } from './sign-in-site'

const allows = createOriginMatcher(['https://shop.example.com', 'localhost:*'])
const shop = { domain: 'shop.example.com', uri: 'https://shop.example.com/login' }

describe('signInSiteMismatch', () => {
  it('takes the asking page’s own site, whatever the project lists', () => {
    const page = { domain: 'localhost:5173', uri: 'http://localhost:5173/' }
    expect(signInSiteMismatch(page, allows, 'http://localhost:5173')).toBeUndefined()
    expect(signInSiteMismatch(shop, allows, 'https://shop.example.com')).toBeUndefined()
    expect(
      signInSiteMismatch({ ...shop, scheme: 'HTTPS' }, allows, 'https://shop.example.com'),
    ).toBeUndefined()
  })

  it('refuses a site other than the asking page’s, even one the project allows', () => {
    expect(signInSiteMismatch(shop, allows, 'http://localhost:5173')).toBe('domain-not-origin')
    expect(
      signInSiteMismatch({ ...shop, scheme: 'http' }, allows, 'https://shop.example.com'),
    ).toBe('domain-not-origin')
    expect(
      signInSiteMismatch(
        { ...shop, uri: 'https://evil.example/login' },
        allows,
        'https://shop.example.com',
      ),
    ).toBe('uri-not-origin')
  })

  it('without a page (no Origin), takes only an allowed site with its URI on its domain', () => {
    expect(signInSiteMismatch(shop, allows, undefined)).toBeUndefined()
    expect(
      signInSiteMismatch({ ...shop, uri: 'https://evil.example/login' }, allows, undefined),
    ).toBe('uri-not-domain')
    expect(
      signInSiteMismatch(
        { domain: 'evil.example', uri: 'https://evil.example/login' },
        allows,
        undefined,
      ),
    ).toBe('origin-not-allowed')
    expect(
      signInSiteMismatch(
        { domain: 'shop.example.com', uri: 'farcaster://shop.example.com' },
        allows,
        undefined,
      ),
    ).toBe('origin-not-allowed')
  })
})
