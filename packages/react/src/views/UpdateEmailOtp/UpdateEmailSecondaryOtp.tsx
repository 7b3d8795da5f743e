import { embeddedWalletStore, verifyEmailUpdateSecondary } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { injectViewStyles } from '../../theme/injectViewStyles'
import { CodeForm } from '../../ui/CodeForm'
import { emailFormStyles } from '../../ui/emailFormStyles'
import { failureOf } from '../EmailVerifyOtp/failureOf'

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
