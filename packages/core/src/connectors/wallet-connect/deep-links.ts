// Deep links to a wallet with a pairing URI (registry fields mobile_link, desktop_link,
// webapp_link), the platform rules that pick them, and how the modal tells that a deep link
// opened nothing: the page keeps focus and stays visible for DEEP_LINK_FALLBACK_WAIT_MS.
import type { ModalWallet } from '../../api/wallets'
import { DEEP_LINK_FALLBACK_WAIT_MS, PHONE_MAX_WIDTH_PX } from '../../constants'
import { clock } from '../../time/clock'

export interface BrowserPlatform {
  /** A phone: the wallet's app opens by deep link, it cannot scan a QR code on its own screen. */
  mobile: boolean
  ios: boolean
  android: boolean
  /** Safari itself, not another browser on iOS (CriOS, FxiOS, EdgiOS). */
  safari: boolean
  /** Inside Telegram's in-app browser. */
  telegram: boolean
}

interface PlatformSources {
  userAgent?: string
  maxTouchPoints?: number
  telegram?: boolean
  /** The only pointers are coarse ones: `(pointer: coarse)` and not `(any-pointer: fine)`. */
  touchOnly?: boolean
  /** The screen's shorter side in CSS px, whichever way the device is held. */
  screenShortSide?: number
}

export function detectPlatform(sources: PlatformSources = browserSources()): BrowserPlatform {
  const ua = sources.userAgent ?? ''
  // iPadOS reports itself as a Mac; only the touch screen gives it away.
  const ios =
    /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && (sources.maxTouchPoints ?? 0) > 1)
  const android = /Android/i.test(ua)
  return {
    ios,
    android,
    mobile: ios || android || /Mobi/i.test(ua) || isTouchPhone(sources),
    safari: /Safari/.test(ua) && !/Chrome|Chromium|CriOS|FxiOS|EdgiOS|OPiOS|Android/.test(ua),
    telegram: sources.telegram ?? false,
  }
}

/**
 * A phone whose browser does not say so (one asking for the desktop site, some in-app
 * browsers): nothing but a touch screen, and a phone-sized one. No fine pointer at all, because
 * a touch laptop or a tablet with a mouse sits beside a phone that can scan. The screen rather
 * than the viewport, because a phone showing the desktop site lays the page out about 980 px
 * wide while its screen stays phone-sized. The shorter side, so a phone held sideways counts.
 */
function isTouchPhone(sources: PlatformSources): boolean {
  const side = sources.screenShortSide
  return sources.touchOnly === true && side !== undefined && side > 0 && side <= PHONE_MAX_WIDTH_PX
}

function browserSources(): PlatformSources {
  const nav = globalThis.navigator as Navigator | undefined
  const win = globalThis as {
    Telegram?: unknown
    TelegramWebviewProxy?: unknown
    matchMedia?: (query: string) => { matches: boolean }
    screen?: { width: number; height: number }
  }
  const matches = (query: string) => win.matchMedia?.(query).matches ?? false
  return {
    userAgent: nav?.userAgent ?? '',
    maxTouchPoints: nav?.maxTouchPoints ?? 0,
    telegram: win.Telegram !== undefined || win.TelegramWebviewProxy !== undefined,
    touchOnly: matches('(pointer: coarse)') && !matches('(any-pointer: fine)'),
    ...(win.screen ? { screenShortSide: Math.min(win.screen.width, win.screen.height) } : {}),
  }
}

/**
 * docs/product.md#connection: on Telegram or iOS Safari a pending attempt is reused; a live pairing
 * is not restarted. There a deep link only opens from the tap itself, so the URI it carries
 * must already be there, and must not change under the button.
 */
export function keepsPendingPairing(platform: BrowserPlatform): boolean {
  return platform.telegram || (platform.ios && platform.safari)
}

const isHttpUrl = (link: string) => /^https?:\/\//i.test(link)

/** `rainbow://` or `rainbow:` or `rainbow` -> `rainbow://wc?uri=...`; http(s) links as universal. */
export function nativeLink(appLink: string, wcUri: string): string {
  if (isHttpUrl(appLink)) return universalLink(appLink, wcUri)
  const scheme = appLink.includes('://') ? appLink : `${appLink.replace(/[:/]+$/, '')}://`
  const base = scheme.endsWith('/') ? scheme : `${scheme}/`
  return `${base}wc?uri=${encodeURIComponent(wcUri)}`
}

/** `https://wallet.example` -> `https://wallet.example/wc?uri=...`. */
export function universalLink(appLink: string, wcUri: string): string {
  if (!isHttpUrl(appLink)) return nativeLink(appLink, wcUri)
  const base = appLink.endsWith('/') ? appLink : `${appLink}/`
  return `${base}wc?uri=${encodeURIComponent(wcUri)}`
}

export type DeepLinkKind = 'mobile' | 'desktop' | 'webapp'

export interface DeepLinkOption {
  kind: DeepLinkKind
  label: string
  /** Opened in a new tab (a web wallet) rather than handed to the system (an app). */
  newTab: boolean
  href: string
}

/** The deep links a registry entry allows on this platform, for the given pairing URI. */
export function deepLinkOptions(
  wallet: Pick<ModalWallet, 'name' | 'mobile_link' | 'desktop_link' | 'webapp_link'>,
  wcUri: string,
  platform: BrowserPlatform,
): DeepLinkOption[] {
  const options: DeepLinkOption[] = []
  if (platform.mobile && wallet.mobile_link) {
    options.push({
      kind: 'mobile',
      // The phone's main action: it names the app it hands the visitor to.
      label: `Open ${wallet.name}`,
      newTab: false,
      href: nativeLink(wallet.mobile_link, wcUri),
    })
  }
  if (!platform.mobile && wallet.desktop_link) {
    options.push({
      kind: 'desktop',
      label: 'Open desktop app',
      newTab: false,
      href: nativeLink(wallet.desktop_link, wcUri),
    })
  }
  if (wallet.webapp_link) {
    options.push({
      kind: 'webapp',
      label: 'Open web app',
      newTab: true,
      href: universalLink(wallet.webapp_link, wcUri),
    })
  }
  return options
}

const STORE_LABELS: Record<string, string> = {
  ios: 'App Store',
  android: 'Google Play',
  chrome: 'Chrome Web Store',
  firefox: 'Firefox Add-ons',
  safari: 'Safari Extensions',
  edge: 'Edge Add-ons',
  opera: 'Opera Add-ons',
  mac: 'macOS app',
  windows: 'Windows app',
  linux: 'Linux app',
  browser: 'Web app',
}

export interface DownloadLink {
  label: string
  href: string
}

/** Where to get the wallet: the stores for this platform, then its homepage. */
export function downloadLinks(
  wallet: Pick<ModalWallet, 'app' | 'homepage'>,
  platform: BrowserPlatform,
): DownloadLink[] {
  const app = wallet.app ?? {}
  const platforms = platform.ios
    ? ['ios']
    : platform.android
      ? ['android']
      : ['chrome', 'firefox', 'safari', 'edge', 'opera', 'mac', 'windows', 'linux', 'browser']
  const links: DownloadLink[] = []
  for (const name of platforms) {
    const href = app[name]
    if (href && isHttpUrl(href)) links.push({ label: STORE_LABELS[name] ?? name, href })
  }
  if (wallet.homepage && isHttpUrl(wallet.homepage))
    links.push({ label: 'Website', href: wallet.homepage })
  return links
}

/** The page's signals that a deep link handed control to another app or tab. */
export interface PageActivity {
  /** The page has focus and is visible. */
  isActive(): boolean
  /** Calls `onLeave` when the page loses focus or is hidden; returns the unsubscribe. */
  onLeave(onLeave: () => void): () => void
}

export function browserPageActivity(): PageActivity {
  return {
    isActive: () =>
      typeof document !== 'undefined' &&
      document.visibilityState === 'visible' &&
      document.hasFocus(),
    onLeave(onLeave) {
      if (typeof window === 'undefined') return () => {}
      const onVisibility = () => {
        if (document.visibilityState === 'hidden') onLeave()
      }
      window.addEventListener('blur', onLeave)
      window.addEventListener('pagehide', onLeave)
      document.addEventListener('visibilitychange', onVisibility)
      return () => {
        window.removeEventListener('blur', onLeave)
        window.removeEventListener('pagehide', onLeave)
        document.removeEventListener('visibilitychange', onVisibility)
      }
    },
  }
}

/**
 * Watches a deep link just opened: `onNothingOpened` runs if, DEEP_LINK_FALLBACK_WAIT_MS later,
 * the page never lost focus or visibility and still has both. Returns the cancel.
 */
export function watchDeepLink(
  onNothingOpened: () => void,
  activity: PageActivity = browserPageActivity(),
  waitMs = DEEP_LINK_FALLBACK_WAIT_MS,
): () => void {
  let left = false
  const stopListening = activity.onLeave(() => {
    left = true
  })
  const timer = clock.setTimeout(() => {
    stopListening()
    if (!left && activity.isActive()) onNothingOpened()
  }, waitMs)
  return () => {
    clock.clearTimeout(timer)
    stopListening()
  }
}
