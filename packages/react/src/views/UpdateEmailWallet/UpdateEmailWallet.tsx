import { startEmailUpdate } from '@portico/core'
import { usePorticoClient } from '../../context'
import { injectViewStyles } from '../../theme/injectViewStyles'
import { EmailForm } from '../../ui/EmailForm'
import { emailFormStyles } from '../../ui/emailFormStyles'
import { failureOf } from '../EmailVerifyOtp/failureOf'

/** The e-mail change's first step: the new address (a code then goes to the current one). */
export function UpdateEmailWallet() {
  injectViewStyles('email-form', emailFormStyles)
  const client = usePorticoClient()
  return (
    <div className="portico-view portico-stack">
      <EmailForm
        label="New e-mail"
        submitLabel="Save"
        onSubmit={(email) => failureOf(startEmailUpdate(client, email))}
      />
    </div>
  )
}
