// The e-mail login's views (code, e-mail change and its two codes, key export) come in one chunk with one
// loader: each loader costs the page's bundle a few bytes (the registry is in it), and a visitor
// who reaches one of them reaches the others with the same code.
import { routerStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { EmailVerifyOtp } from '../email-verify-otp/email-verify-otp'
import { ExportEmbeddedKey } from '../export-embedded-key/export-embedded-key'
import { UpdateEmailPrimaryOtp } from '../update-email-otp/update-email-primary-otp'
import { UpdateEmailSecondaryOtp } from '../update-email-otp/update-email-secondary-otp'
import { UpdateEmailWallet } from '../update-email-wallet/update-email-wallet'

export default function EmailLogin() {
  const view = useStore(routerStore, (state) => state.view)
  switch (view) {
    case 'UpdateEmailWallet':
      return <UpdateEmailWallet />
    case 'UpdateEmailPrimaryOtp':
      return <UpdateEmailPrimaryOtp />
    case 'UpdateEmailSecondaryOtp':
      return <UpdateEmailSecondaryOtp />
    case 'ExportEmbeddedKey':
      return <ExportEmbeddedKey />
    default:
      return <EmailVerifyOtp />
  }
}
