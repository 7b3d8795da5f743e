import { networkStore, showSuccess } from '@portico/core'
import { usePorticoClient } from '../../context'
import { useActiveAccount } from '../../hooks/use-active-account'
import { useStore } from '../../hooks/use-store'
import { Button } from '../../ui/button'
import { QrCode } from '../../ui/qr-code'

/** The account's address as a QR code drawn locally, a copy button, and where it can receive. */
export default function Receive() {
  const client = usePorticoClient()
  const address = useActiveAccount((account) => account?.address)
  const active = useStore(networkStore, (state) => state.activeCaipNetwork)
  const requested = useStore(networkStore, (state) => state.requestedCaipNetworks)
  if (!address) return <div className="portico-view" />

  // The same address receives on every requested network of its namespace.
  const namespace = active?.chainNamespace ?? 'eip155'
  const networks = requested.filter((network) => network.chainNamespace === namespace)

  async function copy() {
    await navigator.clipboard?.writeText(address as string).catch(() => undefined)
    showSuccess('Address copied')
  }

  return (
    <div className="portico-view portico-center">
      <QrCode value={address} label="QR code of your address" />
      <p className="portico-muted" style={{ wordBreak: 'break-all' }}>
        {address}
      </p>
      <Button onClick={() => void copy()}>Copy address</Button>
      <p className="portico-muted">Receive on these networks:</p>
      <ul
        className="portico-row"
        aria-label="Networks you can receive on"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {networks.map((network) => (
          <li key={network.caipNetworkId} className="portico-tag">
            {network.name}
          </li>
        ))}
      </ul>
      <Button variant="secondary" onClick={() => client.goBack()}>
        Done
      </Button>
    </div>
  )
}
