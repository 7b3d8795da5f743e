import { type CaipNetwork, networkStore, showError } from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { useWalletsApi } from '../../hooks/use-wallets-api'
import { ListItem } from '../../ui/list-item'

/** The app's requested networks; selecting one asks the wallet to switch (or add) it. */
export function NetworkList() {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const networks = useStore(networkStore, (state) => state.requestedCaipNetworks)
  const active = useStore(networkStore, (state) =>
    state.unsupportedChainId === undefined ? state.activeCaipNetwork?.caipNetworkId : undefined,
  )
  const [switching, setSwitching] = useState<string>()

  async function select(network: CaipNetwork) {
    setSwitching(network.caipNetworkId)
    try {
      await client.switchNetwork(network)
    } catch {
      showError(`Could not switch to ${network.name}`)
    } finally {
      setSwitching(undefined)
    }
  }

  return (
    <ul className="portico-list" aria-label="Networks">
      {networks.map((network) => (
        <ListItem
          key={network.caipNetworkId}
          label={network.name}
          imageUrl={network.imageUrl ?? api.imageUrl('asset', network.caipNetworkId)}
          round
          current={network.caipNetworkId === active}
          tag={
            switching === network.caipNetworkId
              ? 'Switching…'
              : network.caipNetworkId === active
                ? 'Connected'
                : undefined
          }
          disabled={switching !== undefined}
          onSelect={() => void select(network)}
        />
      ))}
    </ul>
  )
}
