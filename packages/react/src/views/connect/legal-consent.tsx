// The host's terms and privacy links on the Connect view. With features.legalCheckbox they sit
// beside a box the visitor ticks before any way to connect works (the view disables them all
// until then, and core keeps the choice for the next visit); without it, a plain line says what
// connecting agrees to, when the host gives a link.
import type { PorticoOptions } from '@portico/core'
import { useId } from 'react'

export const legalConsentStyles = `
.portico-connect-ways { margin: 0; padding: 0; border: 0; min-width: 0; display: flex; flex-direction: column; gap: 12px; }
.portico-connect-ways:disabled .portico-list-item { opacity: 0.5; cursor: not-allowed; }
.portico-legal { display: flex; gap: 8px; align-items: flex-start; text-align: left; margin: 0; }
.portico-legal input { margin: 3px 0 0; width: 16px; height: 16px; flex: none; accent-color: var(--portico-accent); }
.portico-legal a { color: inherit; text-decoration: underline; }
`

type LegalLinks = Pick<PorticoOptions, 'termsConditionsUrl' | 'privacyPolicyUrl'>

function Links({ termsConditionsUrl, privacyPolicyUrl }: LegalLinks) {
  const terms = termsConditionsUrl ? (
    <a href={termsConditionsUrl} target="_blank" rel="noreferrer noopener">
      Terms of Service
    </a>
  ) : null
  const privacy = privacyPolicyUrl ? (
    <a href={privacyPolicyUrl} target="_blank" rel="noreferrer noopener">
      Privacy Policy
    </a>
  ) : null
  return (
    <>
      {terms}
      {terms && privacy ? ' and ' : null}
      {privacy}
    </>
  )
}

export interface LegalConsentProps {
  links: LegalLinks
  /** features.legalCheckbox: a box to tick, not a line to read. */
  checkbox: boolean
  agreed: boolean
  onChange: (agreed: boolean) => void
}

export function LegalConsent({ links, checkbox, agreed, onChange }: LegalConsentProps) {
  const id = useId()
  if (!links.termsConditionsUrl && !links.privacyPolicyUrl) return null
  if (!checkbox) {
    return (
      <p className="portico-muted portico-legal">
        <span>
          By connecting, you agree to the <Links {...links} />.
        </span>
      </p>
    )
  }
  return (
    <p className="portico-legal">
      <input
        id={id}
        type="checkbox"
        checked={agreed}
        aria-labelledby={`${id}-text`}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {/* The links sit outside the label, so following one does not tick the box; the whole
          sentence, links included, names the box. */}
      <span id={`${id}-text`}>
        <label htmlFor={id}>I agree to the</label> <Links {...links} />
      </span>
    </p>
  )
}
