// Which social logins Connect offers, in which order (docs/product.md#social-login): the host's
// `features.socials` (by default google, x, discord, farcaster, github, apple, facebook: see
// options/resolve-options.ts), less those that do not work inside Telegram's in-app browser on
// the visitor's system: google on iOS, x on Mac, facebook and x on Android
// (docs/product.md#features).
import type { SocialProvider } from '../options/option-types'

/** How each provider is named on its button. */
export const SOCIAL_PROVIDER_TITLES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

export type SocialOs = 'ios' | 'mac' | 'android' | 'other'

export interface SocialEnvironment {
  /** Inside Telegram (its Mini App bridge, or its in-app browser). */
  telegram: boolean
  os: SocialOs
}

const TELEGRAM_REMOVED: Readonly<Record<SocialOs, readonly SocialProvider[]>> = {
  ios: ['google'],
  mac: ['x'],
  android: ['facebook', 'x'],
  other: [],
}

/** The host's list, in its order, less what the environment cannot run. */
export function offeredSocialProviders(
  socials: readonly SocialProvider[],
  environment: SocialEnvironment,
): SocialProvider[] {
  if (!environment.telegram) return [...socials]
  const removed = TELEGRAM_REMOVED[environment.os]
  return socials.filter((provider) => !removed.includes(provider))
}

interface BrowserLike {
  userAgent: string
  /** navigator.maxTouchPoints: an iPad says "Macintosh" but has a touch screen. */
  maxTouchPoints?: number
  /** Telegram's Mini App bridge (window.Telegram.WebApp) when the page runs inside it. */
  telegramWebApp?: unknown
}

export function socialEnvironmentOf(browser: BrowserLike): SocialEnvironment {
  const agent = browser.userAgent
  const touch = (browser.maxTouchPoints ?? 0) > 1
  const os: SocialOs = /iPhone|iPad|iPod/.test(agent)
    ? 'ios'
    : /Macintosh|Mac OS X/.test(agent)
      ? touch
        ? 'ios'
        : 'mac'
      : /Android/.test(agent)
        ? 'android'
        : 'other'
  return { telegram: browser.telegramWebApp !== undefined || /Telegram/i.test(agent), os }
}

/** This page's environment (a server render or a test without a browser: plain, other). */
export function currentSocialEnvironment(): SocialEnvironment {
  const navigator = globalThis.navigator as Navigator | undefined
  if (!navigator) return { telegram: false, os: 'other' }
  const telegram = (globalThis as { Telegram?: { WebApp?: unknown } }).Telegram
  return socialEnvironmentOf({
    userAgent: navigator.userAgent ?? '',
    maxTouchPoints: navigator.maxTouchPoints,
    telegramWebApp: telegram?.WebApp,
  })
}
