import { connectionStore, connectorsRecentFirst, isRecentConnector } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { ListItem } from '../../ui/ListItem'

export default function Connect() {
  const client = usePorticoClient()
  const state = useStore(connectionStore)
  const connectors = connectorsRecentFirst(state)

  return (
    <div className="portico-view portico-stack">
      {connectors.length === 0 ? (
        <p className="portico-muted" role="status">
          No browser wallet found. Install a wallet extension, then reload this page.
        </p>
      ) : (
        <ul className="portico-list" aria-label="Wallets">
          {connectors.map((connector) => (
            <ListItem
              key={connector.id}
              label={connector.name}
              imageUrl={connector.imageUrl}
              tag={isRecentConnector(connector, state) ? 'Recent' : 'Installed'}
              onSelect={() => void client.selectConnector(connector)}
            />
          ))}
        </ul>
      )}
    </div>
  )
}
