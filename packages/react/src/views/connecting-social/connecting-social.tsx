// While a social login runs in its popup (docs/product.md#social-login): the provider's name and
// where to continue. Success closes the modal; a refusal or a closed popup resets to Connect
// with the reason (core's social-login.ts).
import {
  focusSocialLoginWindow,
  routerStore,
  SOCIAL_PROVIDER_TITLES,
  type SocialProvider,
} from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'

export default function ConnectingSocial() {
  const provider = useStore(
    routerStore,
    (state) => (state.data as { provider?: SocialProvider } | undefined)?.provider,
  )
  const title = provider ? SOCIAL_PROVIDER_TITLES[provider] : 'the provider'

  return (
    <div className="portico-view portico-center">
      <Spinner label={`Waiting for ${title}`} />
      <p>Continue in the {title} window</p>
      <p className="portico-muted">Log in and allow access there; this window connects after.</p>
      <Button variant="secondary" onClick={() => focusSocialLoginWindow()}>
        Show the {title} window
      </Button>
    </div>
  )
}
