import { accountStore, formatBalance, networkStore, shortAddress, showSuccess } from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { AddressAvatar } from '../../ui/AddressAvatar'
import { Button } from '../../ui/Button'

export default function Account() {
  const client = usePorticoClient()
  const account = useStore(accountStore, (state) => state.byNamespace.eip155)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [disconnectError, setDisconnectError] = useState<string>()
  if (!account?.address) return <div className="portico-view" />

  const label = account.profileName ?? shortAddress(account.address)

  async function copyAddress(address: string) {
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    showSuccess('Address copied')
  }

  async function disconnect() {
    setDisconnectError(undefined)
    try {
      await client.disconnect()
    } catch (error) {
      setDisconnectError(error instanceof Error ? error.message : 'Failed to disconnect')
    }
  }

  return (
    <div className="portico-view portico-center">
      <AddressAvatar address={account.address} size={72} />
      <p className="portico-address" title={account.address}>
        {label}
      </p>
      <p className="portico-balance" role="status" aria-label="Balance">
        {account.balance === undefined
          ? 'Loading balance…'
          : `${formatBalance(account.balance)} ${account.balanceSymbol ?? ''}`}
      </p>
      <div className="portico-row">
        <Button variant="secondary" onClick={() => void copyAddress(account.address as string)}>
          Copy address
        </Button>
        {account.addressExplorerUrl ? (
          <a
            className="portico-button"
            data-variant="secondary"
            href={account.addressExplorerUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            View on explorer
          </a>
        ) : null}
      </div>
      <Button
        variant="secondary"
        onClick={() => client.navigate('Networks')}
        aria-label={`Network: ${network?.name ?? 'unknown'}. Change network`}
      >
        {network?.name ?? 'Unknown network'}
      </Button>
      <Button variant="danger" onClick={() => void disconnect()}>
        Disconnect
      </Button>
      {disconnectError ? (
        <p className="portico-error-text" role="alert">
          {disconnectError}
        </p>
      ) : null}
    </div>
  )
}
