import { describe, expect, it } from 'vitest'
import { mainnet } from '../networks'
import { resolveOptions } from '../options/resolve-options'
import { offeredSocialProviders, socialEnvironmentOf } from './social-login-providers'

const minimal = {
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  networks: [mainnet],
  apiUrl: 'http://127.0.0.1:8787',
}
const defaults = resolveOptions(minimal).features.socials

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148'
const MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'
const TELEGRAM_BRIDGE = { ready() {} }

describe('the social logins Connect offers', () => {
  it('defaults to google, x, discord, farcaster, github, apple, facebook, in that order', () => {
    expect(defaults).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    const outside = socialEnvironmentOf({ userAgent: IPHONE })
    expect(offeredSocialProviders(defaults, outside)).toEqual(defaults)
  })

  it("keeps the host's own list and order", () => {
    const { socials } = resolveOptions({
      ...minimal,
      features: { socials: ['github', 'google'] },
    }).features
    expect(offeredSocialProviders(socials, { telegram: false, os: 'other' })).toEqual([
      'github',
      'google',
    ])
    expect(() =>
      resolveOptions({ ...minimal, features: { socials: ['github', 'github'] } }),
    ).toThrow('features.socials must not list a provider twice')
  })

  it.each([
    ['iOS', IPHONE, ['x', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['Mac', MAC, ['google', 'discord', 'farcaster', 'github', 'apple', 'facebook']],
    ['Android', ANDROID, ['google', 'discord', 'farcaster', 'github', 'apple']],
    ['another system', WINDOWS, defaults],
  ])('inside Telegram on %s offers %j', (_system, userAgent, offered) => {
    const environment = socialEnvironmentOf({ userAgent, telegramWebApp: TELEGRAM_BRIDGE })
    expect(environment.telegram).toBe(true)
    expect(offeredSocialProviders(defaults, environment)).toEqual(offered)
  })

  it("knows Telegram by its in-app browser's user agent too, and an iPad by its touch screen", () => {
    expect(socialEnvironmentOf({ userAgent: `${ANDROID} Telegram-Android/11.2.3` })).toEqual({
      telegram: true,
      os: 'android',
    })
    expect(socialEnvironmentOf({ userAgent: MAC, maxTouchPoints: 5 }).os).toBe('ios')
    expect(socialEnvironmentOf({ userAgent: MAC }).os).toBe('mac')
    expect(socialEnvironmentOf({ userAgent: WINDOWS })).toEqual({ telegram: false, os: 'other' })
  })
})
