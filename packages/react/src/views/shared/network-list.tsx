import {
  type CaipNetwork,
  networkStore,
  type SwitchNetworkFailure,
  switchNetworkFailure,
} from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { useWalletsApi } from '../../hooks/use-wallets-api'
import { Button } from '../../ui/button'
import { ListItem } from '../../ui/list-item'

export interface NetworkListProps {
  /**
   * The way back after a failed switch, offered as 'Stay on {network}' while the wallet sits on
   * a requested network. UnsupportedChain has none: its network is the one to leave.
   */
  onStay?: () => void
}

type SwitchState =
  | { phase: 'idle' }
  | { phase: 'asking'; network: CaipNetwork }
  | { phase: 'failed'; network: CaipNetwork; failure: SwitchNetworkFailure }

/**
 * The app's requested networks; selecting one asks the wallet to switch (or add) it. While the
 * wallet is asked the list says so; a switch that fails says why in place, with the way back.
 */
export function NetworkList({ onStay }: NetworkListProps) {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const networks = useStore(networkStore, (state) => state.requestedCaipNetworks)
  const current = useStore(networkStore, (state) =>
    state.unsupportedChainId === undefined ? state.activeCaipNetwork : undefined,
  )
  const active = current?.caipNetworkId
  const [state, setState] = useState<SwitchState>({ phase: 'idle' })
  const switching = state.phase === 'asking' ? state.network.caipNetworkId : undefined

  async function select(network: CaipNetwork) {
    setState({ phase: 'asking', network })
    try {
      await client.switchNetwork(network)
      setState({ phase: 'idle' })
    } catch (error) {
      // Read again: the wallet may have moved while it was asked.
      const { activeCaipNetwork, unsupportedChainId } = networkStore.get()
      const stayedOn = unsupportedChainId === undefined ? activeCaipNetwork : undefined
      setState({
        phase: 'failed',
        network,
        failure: switchNetworkFailure(error, network, stayedOn),
      })
    }
  }

  return (
    <>
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
      {state.phase === 'asking' ? (
        <p className="portico-muted" role="status">
          Switching to {state.network.name}… approve in your wallet.
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <div className="portico-stack">
          <div role="alert">
            <p className="portico-error-text">{state.failure.title}</p>
            <p className="portico-muted">{state.failure.message}</p>
          </div>
          <div className="portico-row">
            <Button onClick={() => void select(state.network)}>Try again</Button>
            {onStay && current ? (
              <Button variant="secondary" onClick={onStay}>
                Stay on {current.name}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
    </>
  )
}
