// The e-mail login's views (code, e-mail change and its two codes) come in one chunk with one
// loader: each loader costs the page's bundle a few bytes (the registry is in it), and a visitor
// who reaches one of them reaches the others with the same code.
import { routerStore } from '@portico/core'
import { useStore } from '../../hooks/useStore'
import { EmailVerifyOtp } from '../EmailVerifyOtp/EmailVerifyOtp'
import { UpdateEmailPrimaryOtp } from '../UpdateEmailOtp/UpdateEmailPrimaryOtp'
import { UpdateEmailSecondaryOtp } from '../UpdateEmailOtp/UpdateEmailSecondaryOtp'
import { UpdateEmailWallet } from '../UpdateEmailWallet/UpdateEmailWallet'

export default function EmailLogin() {
  const view = useStore(routerStore, (state) => state.view)
  switch (view) {
    case 'UpdateEmailWallet':
      return <UpdateEmailWallet />
    case 'UpdateEmailPrimaryOtp':
      return <UpdateEmailPrimaryOtp />
    case 'UpdateEmailSecondaryOtp':
      return <UpdateEmailSecondaryOtp />
    default:
      return <EmailVerifyOtp />
  }
}
