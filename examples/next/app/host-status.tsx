'use client'

import { useChainId, useConnection } from 'wagmi'

/** The app's own wagmi hooks: they see the connection the modal made. */
export function HostStatus() {
  const connection = useConnection()
  const chainId = useChainId()
  return (
    <dl>
      <dt>Status</dt>
      <dd data-testid="host-status">{connection.status}</dd>
      <dt>Address</dt>
      <dd data-testid="host-address">{connection.address ?? '—'}</dd>
      <dt>Chain</dt>
      <dd data-testid="host-chain">{connection.isConnected ? chainId : '—'}</dd>
    </dl>
  )
}
