// The legal checkbox (features.legalCheckbox): every way to connect waits until the visitor
// agrees to the host's terms and privacy policy. The agreement is kept in the page's storage
// with the links as they were, so a returning visitor is not asked again, and a host that
// changes either link asks once more.
import type { ResolvedPorticoOptions } from '../options/option-types'
import { readStored, removeStored, writeStored } from '../storage/stored-values'

type LegalLinks = Pick<ResolvedPorticoOptions, 'termsConditionsUrl' | 'privacyPolicyUrl'>

/** Whether the Connect view must hold its ways to connect until the box is ticked. */
export function legalConsentRequired(options: ResolvedPorticoOptions): boolean {
  return options.features.legalCheckbox && !legalConsentGiven(options)
}

/** Whether this browser agreed to exactly these links before. */
export function legalConsentGiven(links: LegalLinks): boolean {
  const stored = readStored('legalConsent')
  return (
    stored !== undefined &&
    stored.termsConditionsUrl === links.termsConditionsUrl &&
    stored.privacyPolicyUrl === links.privacyPolicyUrl
  )
}

/** Keeps the visitor's agreement to these links for the next visit, or forgets it (unticked). */
export function setLegalConsent(links: LegalLinks, agreed: boolean): void {
  if (!agreed) {
    removeStored('legalConsent')
    return
  }
  writeStored('legalConsent', {
    ...(links.termsConditionsUrl ? { termsConditionsUrl: links.termsConditionsUrl } : {}),
    ...(links.privacyPolicyUrl ? { privacyPolicyUrl: links.privacyPolicyUrl } : {}),
  })
}
