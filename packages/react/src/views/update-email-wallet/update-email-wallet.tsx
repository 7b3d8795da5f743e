import { startEmailUpdate } from '@portico/core'
import { usePorticoClient } from '../../context'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { EmailForm } from '../../ui/email-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { failureOf } from '../shared/failure-of'

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
