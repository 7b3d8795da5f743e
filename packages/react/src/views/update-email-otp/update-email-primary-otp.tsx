import { embeddedWalletStore, verifyEmailUpdatePrimary } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { CodeForm } from '../../ui/code-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { failureOf } from '../shared/failure-of'

/** The e-mail change's second step: the code sent to the current address. */
export function UpdateEmailPrimaryOtp() {
  injectViewStyles('email-form', emailFormStyles)
  const client = usePorticoClient()
  const current = useStore(embeddedWalletStore, (state) => state.user?.email)
  return (
    <div className="portico-view portico-stack">
      <CodeForm
        description={`Enter the 6-digit code sent to your current e-mail, ${current ?? ''}`}
        onSubmit={(code) => failureOf(verifyEmailUpdatePrimary(client, code))}
      />
    </div>
  )
}
