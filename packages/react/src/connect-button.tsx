// The one piece of Portico a page pays for at load: a button that reads the stores and opens
// the (lazily loaded) modal. Hovering or focusing it starts fetching the modal.
import {
  accountStore,
  connectionStore,
  formatAmount,
  networkStore,
  shortAddress,
} from '@portico/core'
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

/** A failed preload is retried by the open itself; nothing to report here. */
const preload = () => void preloadModal().catch(() => undefined)

export function ConnectButton({
  label = 'Connect Wallet',
  hideBalance = false,
}: ConnectButtonProps) {
  injectViewStyles('connect-button', connectButtonStyles)
  const client = usePorticoClient()
  const status = useStore(connectionStore, (state) => state.status)
  const account = useStore(accountStore, (state) => state.byNamespace.eip155)
  const unsupported = useStore(networkStore, (state) => state.unsupportedChainId !== undefined)

  const connected = status === 'connected' && account?.address
  let content: React.ReactNode = label
  if (connected && account?.address) {
    content = (
      <>
        <AddressAvatar address={account.address} size={20} />
        <span>
          {unsupported ? 'Wrong network' : (account.profileName ?? shortAddress(account.address))}
        </span>
        {!hideBalance && !unsupported && account.balance !== undefined ? (
          <span className="portico-connect-balance" style={{ fontWeight: 500 }}>
            {formatAmount(account.balance)} {account.balanceSymbol}
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
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => client.open()}
      aria-haspopup="dialog"
      title={connected && account?.address ? account.address : undefined}
    >
      {content}
    </button>
  )
}
