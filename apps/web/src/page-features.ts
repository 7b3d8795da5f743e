// The demo's features from its address, so a reader (and the e2e specs) can try each option:
// `?features=legalCheckbox,collapseWallets,-send` turns the first two on and Send off. Only the
// flags below are read; anything else in the list is ignored. The demo's stand-ins for a host's
// legal pages (apps/web/public) are linked with the legal checkbox, or with `?legal-links` alone.
import type { PorticoFeatures } from '@portico/core'

type Flag = Exclude<keyof PorticoFeatures, 'socials'>

const FLAGS: readonly Flag[] = [
  'swaps',
  'onramp',
  'receive',
  'send',
  'email',
  'history',
  'analytics',
  'allWallets',
  'legalCheckbox',
  'collapseWallets',
]

export function pageFeaturesOf(search: string): Partial<PorticoFeatures> {
  const features: Partial<PorticoFeatures> = {}
  const list = new URLSearchParams(search).get('features') ?? ''
  for (const item of list.split(',')) {
    const name = item.trim().replace(/^-/, '')
    if (FLAGS.includes(name as Flag)) features[name as Flag] = !item.trim().startsWith('-')
  }
  return features
}

export const pageFeatures: Partial<PorticoFeatures> =
  typeof location === 'undefined' ? {} : pageFeaturesOf(location.search)

/** The demo's terms and privacy pages, when the address asks for them. */
export const pageLegalLinks: { termsConditionsUrl?: string; privacyPolicyUrl?: string } =
  typeof location !== 'undefined' &&
  (pageFeatures.legalCheckbox || new URLSearchParams(location.search).has('legal-links'))
    ? {
        termsConditionsUrl: new URL('/terms.html', location.href).href,
        privacyPolicyUrl: new URL('/privacy.html', location.href).href,
      }
    : {}
