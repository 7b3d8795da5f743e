import { nameRegistrationStore } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'

/** While the wallet signs and the server stores: the name asked for; then the name is yours. */
export function RegisterNameSuccess() {
  const client = usePorticoClient()
  const { name, pending } = useStore(nameRegistrationStore, (state) => state)
  if (pending) {
    return (
      <div className="portico-view portico-stack" aria-busy="true">
        <Spinner label="Registering" />
        <p>
          Registering <strong>{name}</strong>: approve the signature in your wallet.
        </p>
      </div>
    )
  }
  return (
    <div className="portico-view portico-stack">
      <p role="status">
        <strong>{name}</strong> is your name now.
      </p>
      <Button onClick={() => client.navigate('Account')}>Back to account</Button>
    </div>
  )
}
