import { embeddedWalletStore, verifyEmailUpdateSecondary } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { CodeForm } from '../../ui/code-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { failureOf } from '../shared/failure-of'

/** The e-mail change's last step: the code sent to the new address. */
export function UpdateEmailSecondaryOtp() {
  injectViewStyles('email-form', emailFormStyles)
  const client = usePorticoClient()
  const next = useStore(embeddedWalletStore, (state) => state.newEmail)
  return (
    <div className="portico-view portico-stack">
      <CodeForm
        description={`Enter the 6-digit code sent to your new e-mail, ${next ?? ''}`}
        onSubmit={(code) => failureOf(verifyEmailUpdateSecondary(client, code))}
      />
    </div>
  )
}
