import { embeddedWalletStore, resendEmailLoginCode, verifyEmailLoginCode } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { injectViewStyles } from '../../theme/injectViewStyles'
import { CodeForm } from '../../ui/CodeForm'
import { emailFormStyles } from '../../ui/emailFormStyles'
import { failureOf } from './failureOf'

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
      />
    </div>
  )
}
