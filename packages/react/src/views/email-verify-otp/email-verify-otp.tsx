import {
  emailCooldownSeconds,
  embeddedWalletStore,
  resendEmailLoginCode,
  verifyEmailLoginCode,
} from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { CodeForm } from '../../ui/code-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { failureOf } from '../shared/failure-of'

const waitBeforeResend = () => emailCooldownSeconds()

/** The e-mail login's second step: the 6-digit code mailed to the visitor, and a resend. */
export function EmailVerifyOtp() {
  injectViewStyles('email-form', emailFormStyles)
  const client = usePorticoClient()
  const email = useStore(embeddedWalletStore, (state) => state.pendingEmail)

  return (
    <div className="portico-view portico-stack">
      <CodeForm
        description={`Enter the 6-digit code sent to ${email ?? 'your e-mail'}`}
        onSubmit={(code) => failureOf(verifyEmailLoginCode(client, code))}
        onResend={() => failureOf(resendEmailLoginCode(client))}
        resendWaitSeconds={waitBeforeResend}
      />
    </div>
  )
}
