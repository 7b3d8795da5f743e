import { describe, expect, it } from 'vitest'
import { SPEC_DEFAULT_ALLOWED_ORIGINS } from '../constants'
import { InvalidOriginPatternError } from '../errors'
import { isOriginAllowed, normaliseOriginPattern } from './origin-pattern'

describe("isOriginAllowed with the spec's default origins", () => {
  it.each([
    'http://localhost',
    'http://localhost:5173',
    'https://localhost:8443',
    'https://my-app.pages.dev',
    'https://preview-123.my-app.pages.dev',
    'https://portico-git-main.vercel.app',
    'https://abcd-1-2-3-4.ngrok-free.app',
  ])('admits %s', (origin) => {
    expect(isOriginAllowed(origin, SPEC_DEFAULT_ALLOWED_ORIGINS)).toBe(true)
  })

  it.each([
    'https://evilvercel.app',
    'https://vercel.app',
    'https://x.vercel.app.evil.com',
    'https://x.vercel.appx',
    'https://evil-pages.dev',
    'https://ngrok-free.app',
    'http://localhost.evil.com',
    'http://evillocalhost:3000',
    'http://127.0.0.2:3000',
    'null',
    '',
    'localhost:5173',
    'https://x.vercel.app/',
    'https://x.vercel.app/path',
    'https://user@x.vercel.app',
    'ftp://x.vercel.app',
    'https://x.vercel.app.',
  ])('refuses %j', (origin) => {
    expect(isOriginAllowed(origin, SPEC_DEFAULT_ALLOWED_ORIGINS)).toBe(false)
  })
})

describe('origin patterns', () => {
  it('restricts the scheme and port when the pattern names them', () => {
    const patterns = ['https://app.example.com', 'http://dev.example.com:8080']
    expect(isOriginAllowed('https://app.example.com', patterns)).toBe(true)
    expect(isOriginAllowed('http://app.example.com', patterns)).toBe(false)
    expect(isOriginAllowed('https://app.example.com:444', patterns)).toBe(false)
    expect(isOriginAllowed('http://dev.example.com:8080', patterns)).toBe(true)
    expect(isOriginAllowed('http://dev.example.com', patterns)).toBe(false)
    expect(isOriginAllowed('http://dev.example.com:8081', patterns)).toBe(false)
  })

  it('admits any origin with *', () => {
    expect(isOriginAllowed('https://anything.example', ['*'])).toBe(true)
    expect(isOriginAllowed('null', ['*'])).toBe(false)
  })

  it('normalises case and a trailing slash', () => {
    expect(normaliseOriginPattern(' HTTPS://*.Example.COM/ ')).toBe('https://*.example.com')
    expect(normaliseOriginPattern('localhost:*')).toBe('localhost:*')
  })

  it.each([
    '',
    'http://',
    '*.',
    '*.com',
    '*.*.example.com',
    'evil*.example.com',
    'example.com/path',
    'ftp://example.com',
    'example.com:0',
    'example.com:65536',
    '-bad.example.com',
    'exa mple.com',
  ])('refuses the pattern %j', (pattern) => {
    expect(() => normaliseOriginPattern(pattern)).toThrow(InvalidOriginPatternError)
  })

  it('ignores a bad stored pattern instead of widening the list', () => {
    expect(isOriginAllowed('https://a.example.com', ['*.', 'a.example.com'])).toBe(true)
    expect(isOriginAllowed('https://b.example.com', ['*.', 'a.example.com'])).toBe(false)
  })
})
