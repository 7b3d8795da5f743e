import { useId, useState } from 'react'
import { Button } from '../../ui/button'

interface AccountSettingsProps {
  /** The e-mail an e-mail login is known by: it can be changed and the key exported. */
  email: string | undefined
  onChangeEmail: () => void
  onExportKey: () => void
}

/**
 * The embedded wallet's settings, one level below Account: a labelled disclosure, so a keyboard
 * reaches them with one Enter and they do not crowd the identity and the four actions.
 */
export function AccountSettingsToggle({
  open,
  panelId,
  onToggle,
}: {
  open: boolean
  panelId: string
  onToggle: () => void
}) {
  return (
    <button
      type="button"
      className="portico-icon-button"
      aria-label="Account settings"
      title="Account settings"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={onToggle}
    >
      <span aria-hidden="true">⚙</span>
    </button>
  )
}

export function AccountSettingsPanel({
  id,
  email,
  onChangeEmail,
  onExportKey,
}: AccountSettingsProps & { id: string }) {
  return (
    <section id={id} className="portico-account-settings" aria-label="Account settings">
      <dl className="portico-account-settings-list">
        {email ? (
          <div className="portico-account-setting">
            <dt>E-mail</dt>
            <dd>
              <span className="portico-account-setting-value">{email}</span>
              <Button variant="secondary" onClick={onChangeEmail}>
                Change e-mail
              </Button>
            </dd>
          </div>
        ) : null}
        <div className="portico-account-setting">
          <dt>Account type</dt>
          {/* Smart accounts are not built: the embedded wallet is a plain key pair. */}
          <dd>
            <span className="portico-account-setting-value">Standard (EOA)</span>
          </dd>
        </div>
      </dl>
      {email ? (
        <Button variant="secondary" onClick={onExportKey}>
          Export private key
        </Button>
      ) : null}
    </section>
  )
}

/** Open state and the id tying the toggle to its panel. */
export function useAccountSettings() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return { open, panelId, toggle: () => setOpen((was) => !was) }
}
