import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  deepLinkOptions,
  detectPlatform,
  downloadLinks,
  keepsPendingPairing,
  nativeLink,
  type PageActivity,
  universalLink,
  watchDeepLink,
} from './deep-links'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=k&expiryTimestamp=1'
const encoded = encodeURIComponent(uri)

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36'
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36'

const desktop = detectPlatform({ userAgent: DESKTOP_CHROME })
const iphone = detectPlatform({ userAgent: IPHONE_SAFARI })
const android = detectPlatform({ userAgent: ANDROID_CHROME })

describe('detectPlatform and the Telegram / iOS Safari rule', () => {
  it('keeps a pending pairing on iOS Safari and in Telegram only', () => {
    expect(keepsPendingPairing(iphone)).toBe(true)
    expect(keepsPendingPairing(detectPlatform({ userAgent: IPHONE_CHROME }))).toBe(false)
    expect(keepsPendingPairing(android)).toBe(false)
    expect(keepsPendingPairing(desktop)).toBe(false)
    expect(keepsPendingPairing(detectPlatform({ userAgent: ANDROID_CHROME, telegram: true }))).toBe(
      true,
    )
  })

  it('tells an iPad (a Mac with a touch screen) from a Mac', () => {
    const mac =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
    expect(detectPlatform({ userAgent: mac, maxTouchPoints: 5 })).toMatchObject({
      ios: true,
      mobile: true,
    })
    expect(detectPlatform({ userAgent: mac, maxTouchPoints: 0 })).toMatchObject({
      ios: false,
      mobile: false,
    })
  })
})

describe('a phone its user agent does not name', () => {
  const touchOnly = { userAgent: DESKTOP_CHROME, touchOnly: true }

  it('counts a touch-only screen of phone width as a phone', () => {
    expect(detectPlatform({ ...touchOnly, screenShortSide: 390 }).mobile).toBe(true)
    expect(detectPlatform({ ...touchOnly, screenShortSide: 520 }).mobile).toBe(true)
  })

  it('leaves a touch-only tablet, a touch laptop with a trackpad and a desktop as computers', () => {
    expect(detectPlatform({ ...touchOnly, screenShortSide: 768 }).mobile).toBe(false)
    expect(
      detectPlatform({ userAgent: DESKTOP_CHROME, touchOnly: false, screenShortSide: 390 }).mobile,
    ).toBe(false)
    expect(detectPlatform({ userAgent: DESKTOP_CHROME, screenShortSide: 390 }).mobile).toBe(false)
    expect(detectPlatform({ ...touchOnly }).mobile).toBe(false)
  })

  describe('read from the browser', () => {
    afterEach(() => {
      vi.unstubAllGlobals()
    })

    function browser(queries: Record<string, boolean>, width: number, height: number) {
      vi.stubGlobal('matchMedia', (query: string) => ({ matches: queries[query] ?? false }))
      vi.stubGlobal('screen', { width, height })
    }

    it('takes the coarse pointer and the shorter side of the screen, held either way', () => {
      browser({ '(pointer: coarse)': true, '(any-pointer: fine)': false }, 844, 390)
      expect(detectPlatform().mobile).toBe(true)
    })

    it('does not count a coarse pointer beside a fine one', () => {
      browser({ '(pointer: coarse)': true, '(any-pointer: fine)': true }, 390, 844)
      expect(detectPlatform().mobile).toBe(false)
    })
  })
})

describe('deep links', () => {
  it('builds app links from a scheme, with or without its slashes', () => {
    expect(nativeLink('rainbow://', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(nativeLink('rainbow:', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(nativeLink('rainbow', uri)).toBe(`rainbow://wc?uri=${encoded}`)
    expect(nativeLink('ledgerlive://x', uri)).toBe(`ledgerlive://x/wc?uri=${encoded}`)
  })

  it('builds universal links from https links', () => {
    expect(universalLink('https://app.safe.global', uri)).toBe(
      `https://app.safe.global/wc?uri=${encoded}`,
    )
    expect(nativeLink('https://argent.link/app/', uri)).toBe(
      `https://argent.link/app/wc?uri=${encoded}`,
    )
  })

  it('offers the mobile app on phones, the desktop app on computers, the web app on both', () => {
    const entry = {
      name: 'Rainbow',
      mobile_link: 'rainbow://',
      desktop_link: 'frame://',
      webapp_link: 'https://w.example',
    }
    expect(deepLinkOptions(entry, uri, iphone).map((option) => option.kind)).toEqual([
      'mobile',
      'webapp',
    ])
    expect(deepLinkOptions(entry, uri, desktop).map((option) => option.kind)).toEqual([
      'desktop',
      'webapp',
    ])
    expect(deepLinkOptions(entry, uri, iphone)[0]?.label).toBe('Open Rainbow')
    const none = { name: 'None', mobile_link: null, desktop_link: null, webapp_link: null }
    expect(deepLinkOptions(none, uri, desktop)).toEqual([])
    expect(deepLinkOptions(entry, uri, desktop).find((o) => o.kind === 'webapp')?.newTab).toBe(true)
  })

  it('lists the stores for the platform, then the homepage', () => {
    const entry = {
      homepage: 'https://rainbow.me',
      app: {
        ios: 'https://apps.apple.com/rainbow',
        android: 'https://play.google.com/rainbow',
        chrome: 'https://chromewebstore.google.com/rainbow',
        safari: null,
      },
    }
    expect(downloadLinks(entry, iphone)).toEqual([
      { label: 'App Store', href: 'https://apps.apple.com/rainbow' },
      { label: 'Website', href: 'https://rainbow.me' },
    ])
    expect(downloadLinks(entry, android).map((link) => link.label)).toEqual([
      'Google Play',
      'Website',
    ])
    expect(downloadLinks(entry, desktop).map((link) => link.label)).toEqual([
      'Chrome Web Store',
      'Website',
    ])
  })
})

describe('watchDeepLink', () => {
  let active: boolean
  let leave: (() => void) | undefined
  const page: PageActivity = {
    isActive: () => active,
    onLeave(listener) {
      leave = listener
      return () => {
        leave = undefined
      }
    },
  }

  beforeEach(() => {
    vi.useFakeTimers()
    active = true
    leave = undefined
  })
  afterEach(() => vi.useRealTimers())

  it('reports that nothing opened when the page keeps focus for 1.5 s', () => {
    const nothing = vi.fn()
    watchDeepLink(nothing, page)
    vi.advanceTimersByTime(1499)
    expect(nothing).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(nothing).toHaveBeenCalledOnce()
    expect(leave).toBeUndefined()
  })

  it('stays quiet when an app took the link (the page lost focus meanwhile)', () => {
    const nothing = vi.fn()
    watchDeepLink(nothing, page)
    vi.advanceTimersByTime(500)
    leave?.()
    vi.advanceTimersByTime(2000)
    expect(nothing).not.toHaveBeenCalled()
  })

  it('stays quiet when the page is hidden at the end of the wait, and when cancelled', () => {
    const nothing = vi.fn()
    watchDeepLink(nothing, page)
    active = false
    vi.advanceTimersByTime(1500)
    active = true
    const cancel = watchDeepLink(nothing, page)
    cancel()
    vi.advanceTimersByTime(1500)
    expect(nothing).not.toHaveBeenCalled()
  })
})
