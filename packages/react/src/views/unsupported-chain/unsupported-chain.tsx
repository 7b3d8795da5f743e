import { disconnectFailureMessage } from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { Button } from '../../ui/button'
import { NetworkList } from '../shared/network-list'

export default function UnsupportedChain() {
  const client = usePorticoClient()
  const [error, setError] = useState<string>()
  return (
    <div className="portico-view portico-stack">
      <p className="portico-muted">
        This app doesn’t support your current network. Switch to an available option to continue.
      </p>
      <NetworkList />
      <Button
        variant="danger"
        onClick={() =>
          void client
            .disconnect()
            .catch((cause: unknown) => setError(disconnectFailureMessage(cause)))
        }
      >
        Disconnect
      </Button>
      {error ? (
        <p className="portico-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
