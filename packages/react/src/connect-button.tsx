// The one piece of Portico a page pays for at load: a button that reads the stores and opens
// the (lazily loaded) modal. Hovering, focusing or pressing it starts fetching the modal and,
// while disconnected, the Connect view's wallet list: never before such a gesture.
import {
  accountStore,
  connectionStore,
  formatAmount,
  networkStore,
  type PorticoClient,
  shortAddress,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoClient } from './context'
import { useStore } from './hooks/use-store'
import { preloadModal } from './modal/modal-host'
import { connectButtonStyles } from './theme/connect-button-styles'
import { injectViewStyles } from './theme/inject-view-styles'
import { AddressAvatar } from './ui/address-avatar'

export interface ConnectButtonProps {
  /** Text of the button while disconnected. */
  label?: string
  /** Hide the native balance next to the address. */
  hideBalance?: boolean
}

const buttonStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  gap: 8,
  minHeight: 40,
  padding: '0 14px',
  border: '1px solid var(--portico-border, #333)',
  borderRadius: 16,
  background: 'var(--portico-accent, #2563eb)',
  color: 'var(--portico-accent-contrast, #fff)',
  font: 'inherit',
  fontWeight: 600,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
} as const

/**
 * A failed preload is retried by the open itself; nothing to report here. The wallet list is
 * for the Connect view, the one a disconnected visitor's click opens.
 */
function preload(client: PorticoClient, connected: boolean) {
  preloadModal().catch(() => undefined)
  if (!connected)
    import('./prefetch-connect-wallets').then(
      (chunk) => chunk.prefetchConnectWallets(client),
      () => undefined,
    )
}

export function ConnectButton({
  label = 'Connect Wallet',
  hideBalance = false,
}: ConnectButtonProps) {
  injectViewStyles('connect-button', connectButtonStyles)
  const client = usePorticoClient()
  const status = useStore(connectionStore, (state) => state.status)
  // The active network's namespace's account (a Solana wallet's when that is the one connected);
  // eip155's before any network is active. Read here, not through active-namespace.ts, which
  // the page does not carry.
  const namespace = useStore(
    networkStore,
    (state) => state.activeCaipNetwork?.chainNamespace ?? 'eip155',
  )
  const account = useStore(accountStore, (state) => state.byNamespace[namespace])
  const unsupported = useStore(networkStore, (state) => state.unsupportedChainId !== undefined)

  const connected = status === 'connected' && account?.address
  // The account's name shows as soon as it is connected, not only once Account has opened.
  // Names are registered for EVM addresses only: a Solana address is not looked up.
  const nameless =
    connected && namespace === 'eip155' && !account?.profileName ? account.address : undefined
  useEffect(() => {
    if (!nameless) return
    import('./load-connected-name').then(
      (chunk) => chunk.loadConnectedName(client, nameless),
      // Without its name the button shows the address, as before.
      () => undefined,
    )
  }, [client, nameless])
  const gesture = () => preload(client, status === 'connected')
  let content: React.ReactNode = label
  // Said as words: the spans side by side would be read as one ("0x7099…79C81.5 ETH").
  let name: string | undefined
  if (connected && account?.address) {
    const who = unsupported
      ? 'Wrong network'
      : (account.profileName ?? shortAddress(account.address))
    const balance =
      !hideBalance && !unsupported && account.balance !== undefined
        ? `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
        : undefined
    name = balance ? `${who}, ${balance}` : who
    content = (
      <>
        <AddressAvatar address={account.address} size={20} />
        <span>{who}</span>
        {balance ? (
          <span className="portico-connect-balance" style={{ fontWeight: 500 }}>
            {balance}
          </span>
        ) : null}
      </>
    )
  } else if (status === 'connecting' || status === 'reconnecting') {
    content = 'Connecting…'
  }

  return (
    <button
      type="button"
      style={buttonStyle}
      onPointerEnter={gesture}
      onPointerDown={gesture}
      onFocus={gesture}
      onClick={() => {
        gesture()
        client.open()
      }}
      aria-haspopup="dialog"
      aria-label={name}
      title={connected && account?.address ? account.address : undefined}
    >
      {content}
    </button>
  )
}
