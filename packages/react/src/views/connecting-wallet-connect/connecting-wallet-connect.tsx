// A wallet picked from the list (or WalletConnect itself): the pairing's QR code, drawn here,
// the link to copy, the deep links the wallet's registry entry allows, and, when a deep link
// opens nothing, the QR code and the wallet's download links instead. On a phone with the
// wallet's app link the app comes first and the QR code only then: a phone cannot scan its own
// screen. The attempt, its renewal on expiry and its failure are core's
// (connectors/wallet-connect/wallet-connect-flow.ts).
import {
  connectionStore,
  type DeepLinkOption,
  deepLinkOptions,
  detectPlatform,
  downloadLinks,
  type ModalWallet,
  openDeepLink,
  renewPairingOnExpiry,
  routerStore,
  showSuccess,
  startWalletConnect,
} from '@portico/core'
import { useEffect, useMemo, useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import { CopyLinkButton } from '../../ui/copy-link-button'
import { QrCode } from '../../ui/qr-code'
import { Spinner } from '../../ui/spinner'

interface ViewData {
  wallet?: ModalWallet
  imageUrl?: string
}

export default function ConnectingWalletConnect() {
  const client = usePorticoClient()
  const data = useStore(routerStore, (state) => state.data as ViewData | undefined)
  const wallet = data?.wallet
  const imageUrl = data?.imageUrl
  const wcUri = useStore(connectionStore, (state) => state.wcUri)
  const wcError = useStore(connectionStore, (state) => state.wcError)
  const buffering = useStore(connectionStore, (state) => state.buffering)
  const error = useStore(connectionStore, (state) => state.error)
  const platform = useMemo(() => detectPlatform(), [])
  const [nothingOpened, setNothingOpened] = useState(false)
  const name = wallet?.name ?? 'your wallet'

  useEffect(() => renewPairingOnExpiry(client, { wallet, imageUrl }), [client, wallet, imageUrl])

  const [stopWatch, setStopWatch] = useState<(() => void) | undefined>()
  useEffect(() => () => stopWatch?.(), [stopWatch])

  function openLink(option: DeepLinkOption) {
    setNothingOpened(false)
    stopWatch?.()
    const stop = openDeepLink(option, wallet?.name ?? 'WalletConnect', () => setNothingOpened(true))
    setStopWatch(() => stop)
  }

  if (wcError) {
    const rejected = error?.code === 4001
    return (
      <div className="portico-view portico-center">
        <Avatar src={imageUrl} name={wallet?.name ?? 'WalletConnect'} size={72} />
        <p className="portico-error-text" role="alert">
          {rejected ? 'Connection declined' : 'Connection failed'}
        </p>
        <p className="portico-muted">
          {rejected
            ? 'You declined the request in your wallet. Try again when you are ready.'
            : (error?.message ?? 'The connection could not be made.')}
        </p>
        <Button onClick={() => void startWalletConnect(client, { wallet, imageUrl })}>
          Try again
        </Button>
      </div>
    )
  }

  const links = wallet && wcUri ? deepLinkOptions(wallet, wcUri, platform) : []
  const downloads = wallet ? downloadLinks(wallet, platform) : []
  const appFirst = links.some((option) => option.kind === 'mobile') && !nothingOpened
  const scannedOn = platform.mobile ? 'another device' : 'your phone'

  return (
    <div className="portico-view portico-center">
      {wcUri && !buffering ? (
        <>
          {appFirst ? (
            <>
              <Avatar src={imageUrl} name={name} size={72} />
              <p>Continue in {name}</p>
              <p className="portico-muted">Open {name} and accept the connection request.</p>
            </>
          ) : (
            <>
              <QrCode value={wcUri} label={`QR code to connect ${name}`} />
              <p className="portico-muted">
                Scan this QR code with {name} on {scannedOn}.
              </p>
            </>
          )}
          {links.length > 0 ? (
            <div className="portico-row">
              {links.map((option) => (
                <Button key={option.kind} onClick={() => openLink(option)}>
                  {option.label}
                </Button>
              ))}
            </div>
          ) : null}
          {nothingOpened ? (
            <div className="portico-stack" role="status">
              <p className="portico-muted">
                Nothing opened {name}. Scan the QR code instead, or get {name}:
              </p>
              {downloads.length > 0 ? (
                <ul className="portico-row" aria-label={`Get ${name}`} style={{ padding: 0 }}>
                  {downloads.map((link) => (
                    <li key={link.href} style={{ listStyle: 'none' }}>
                      <a href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.label}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          ) : null}
          <CopyLinkButton value={wcUri} onCopied={() => showSuccess('Link copied')} />
          <label className="portico-visually-hidden">
            WalletConnect link
            <input readOnly value={wcUri} />
          </label>
        </>
      ) : (
        <>
          <Spinner label="Preparing the QR code" />
          <p className="portico-muted">Preparing a connection for {name}…</p>
        </>
      )}
    </div>
  )
}
