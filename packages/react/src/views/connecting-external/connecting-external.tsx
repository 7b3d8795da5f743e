import { type Connector, connectionStore, routerStore } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { Spinner } from '../../ui/spinner'

export default function ConnectingExternal() {
  const client = usePorticoClient()
  const connector = useStore(
    routerStore,
    (state) => (state.data as { connector?: Connector } | undefined)?.connector,
  )
  const error = useStore(connectionStore, (state) => state.error)
  const name = connector?.name ?? 'your wallet'
  const rejected = error?.code === 4001

  return (
    <div className="portico-view portico-center">
      <Avatar src={connector?.imageUrl} name={name} size={72} />
      {error ? (
        <>
          <p className="portico-error-text" role="alert">
            {rejected ? 'Connection declined' : 'Connection failed'}
          </p>
          <p className="portico-muted">
            {rejected
              ? 'You declined the request in your wallet. Try again when you are ready.'
              : error.message}
          </p>
          <Button onClick={() => void client.retryConnect()}>Try again</Button>
        </>
      ) : (
        <>
          <Spinner label={`Waiting for ${name}`} />
          <p>Continue in {name}</p>
          <p className="portico-muted">Accept the connection request in your wallet.</p>
        </>
      )}
    </div>
  )
}
