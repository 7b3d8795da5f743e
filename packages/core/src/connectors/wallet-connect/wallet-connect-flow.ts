// Connecting over WalletConnect, for the modal's views: one attempt at a time on wagmi's
// `connect`, its pairing URI in the connection store (wcUri, wcPairingExpiry, buffering), its
// failure (wcError), a new pairing when one expires, and the spec's Telegram / iOS Safari rule.
// Loaded with the views, never with the page.
import type { EvmConnector as Connector } from '../../adapters/evm/wagmi-config'
import {
  WALLET_APPROVED_MESSAGE,
  WALLET_CONNECT_EIP155_METHODS,
  type WalletConnectPairing,
} from '../../adapters/evm/wallet-connect-connector'
import {
  connectEvmConnector,
  keepEvmStatusWhileWaiting,
  markEvmConnecting,
} from '../../adapters/evm/wallet-connect-status'
import type { ModalWallet } from '../../api/wallets'
import { isUserRejection, walletErrorMessage } from '../../errors/wallet-errors'
import { trackEvent } from '../../events/events'
import { signInPairingFor } from '../../siwx/one-click'
import {
  addRecentWallet,
  connectionStore,
  type Connector as PorticoConnector,
  setConnectionError,
  startConnecting,
} from '../../state/connection'
import { closeModal, modalStore } from '../../state/modal'
import { networkStore } from '../../state/network'
import { getRouterView, pushView } from '../../state/router'
import { writeStored } from '../../storage'
import { clock } from '../../time/clock'
import {
  type BrowserPlatform,
  type DeepLinkOption,
  detectPlatform,
  keepsPendingPairing,
  type PageActivity,
  watchDeepLink,
} from './deep-links'
import { isPairingExpired, pairingExpiry } from './pairing-uri'
import { ensureWalletConnectConnector, type WalletConnectHost } from './wallet-connect-setup'

export interface WalletConnectAttemptOptions {
  /** The registry wallet picked, if any; without it the plain WalletConnect QR code. */
  wallet?: ModalWallet | undefined
  /** The wallet's image URL (our server's /getWalletImage), kept with the recent wallet. */
  imageUrl?: string | undefined
  /** Defaults to the browser's. */
  platform?: BrowserPlatform
  /** Pairs the session another way than `provider.connect` (one-click sign-in). */
  pairing?: WalletConnectPairing
}

/** The generic entry: WalletConnect itself rather than one wallet of the registry. */
export const WALLET_CONNECT_ENTRY: PorticoConnector = {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

let attemptId = 0
/** The attempt whose session proposal the wallet approved, if any. */
let approvedAttempt: number | undefined
let pendingAttempt: Promise<void> | undefined

/** The connector entity the connecting view is titled with: the wallet, or WalletConnect. */
export function walletConnectEntry(
  wallet: ModalWallet | undefined,
  imageUrl?: string,
): PorticoConnector {
  if (!wallet) return WALLET_CONNECT_ENTRY
  return {
    ...WALLET_CONNECT_ENTRY,
    name: wallet.name,
    explorerId: wallet.id,
    imageId: wallet.image_id,
    ...(imageUrl ? { imageUrl } : {}),
    ...(wallet.rdns ? { info: { rdns: wallet.rdns } } : {}),
  }
}

function onConnectorMessages(
  connector: Connector,
  listeners: { uri: (uri: string) => void; approved: () => void },
): () => void {
  const onMessage = ({ type, data }: { type: string; data?: unknown }) => {
    if (type === 'display_uri' && typeof data === 'string') listeners.uri(data)
    if (type === WALLET_APPROVED_MESSAGE) listeners.approved()
  }
  connector.emitter.on('message', onMessage)
  return () => connector.emitter.off('message', onMessage)
}

function isExpiredProposal(error: unknown): boolean {
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && /proposal expired/i.test(message)
}

/**
 * The status while a QR code waits (docs/product.md#connection, issue 18): showing a pairing is
 * not connecting, the visitor has done nothing yet. wagmi's `connect` says 'connecting' as it
 * starts; until the wallet approves, the status is what it was ('disconnected', or 'connected'
 * to another wallet), for the modal's button and the host's wagmi hooks alike.
 */
function waitingForWallet(host: WalletConnectHost): void {
  keepEvmStatusWhileWaiting(host.wagmiConfig)
}

/** The wallet approved: the connection is under way until wagmi says connected. */
function walletAnswered(host: WalletConnectHost): void {
  markEvmConnecting(host.wagmiConfig)
}

/**
 * wagmi's `connect` leaves a failed call 'disconnected' (when nothing else is connected), even
 * the call of a replaced attempt whose failure comes after the newer attempt began. If the
 * wallet has already approved that newer attempt, it is still connecting.
 */
function keepConnecting(host: WalletConnectHost): void {
  if (pendingAttempt === undefined || approvedAttempt !== attemptId) return
  walletAnswered(host)
}

/** Closing the modal ends the attempt: its QR code is gone, and its late answer is ignored. */
function endAttemptOnClose(id: number, platform: BrowserPlatform): () => void {
  return modalStore.subscribe(({ open }, previous) => {
    if (open || !previous.open || id !== attemptId || approvedAttempt === id) return
    // On iOS Safari and in Telegram the pairing outlives the page's focus (the visitor is in the
    // wallet app): kept for the spec's reuse; the status says disconnected all the same.
    if (keepsPendingPairing(platform)) return
    attemptId++
    pendingAttempt = undefined
    connectionStore.set({
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      buffering: false,
    })
  })
}

async function runAttempt(host: WalletConnectHost, options: WalletConnectAttemptOptions) {
  const id = ++attemptId
  const current = () => id === attemptId
  const connector = ensureWalletConnectConnector(host)
  const entry = walletConnectEntry(options.wallet, options.imageUrl)
  startConnecting(connector.id)
  connectionStore.set({
    wcUri: undefined,
    wcPairingExpiry: undefined,
    wcError: false,
    buffering: true,
  })
  const stopMessages = onConnectorMessages(connector, {
    uri: (uri) => {
      if (!current()) return
      connectionStore.set({ wcUri: uri, wcPairingExpiry: pairingExpiry(uri), buffering: false })
    },
    approved: () => {
      if (!current()) return
      approvedAttempt = id
      walletAnswered(host)
    },
  })
  const stopWatchingClose = endAttemptOnClose(id, options.platform ?? detectPlatform())
  // One-click sign-in (siwx/one-click.ts) when sign-in is on and only eip155 is requested.
  const pairing =
    options.pairing ?? signInPairingFor(host.options, [...WALLET_CONNECT_EIP155_METHODS])
  try {
    const connecting = connectEvmConnector(host.wagmiConfig, connector, pairing ? { pairing } : {})
    waitingForWallet(host)
    await connecting
    if (!current()) return
    connectionStore.set({
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      buffering: false,
    })
    addRecentWallet({
      id: options.wallet?.id ?? entry.id,
      name: entry.name,
      ...(entry.imageUrl ? { imageUrl: entry.imageUrl } : {}),
      ...(entry.info?.rdns ? { rdns: entry.info.rdns } : {}),
    })
    trackEvent('CONNECT_SUCCESS', { name: entry.name, method: 'walletconnect' })
    // The sign-in flow may already have opened SIWXSignMessage for this account.
    if (
      networkStore.get().unsupportedChainId === undefined &&
      getRouterView() !== 'SIWXSignMessage'
    )
      closeModal()
  } catch (error) {
    // An attempt replaced by a newer pairing (expiry, retry) fails quietly.
    if (!current()) {
      keepConnecting(host)
      return
    }
    // The proposal outlived its pairing: a new pairing, not an error.
    if (isExpiredProposal(error)) {
      pendingAttempt = undefined
      connectionStore.set({ wcUri: undefined, wcPairingExpiry: undefined, buffering: false })
      if (getRouterView() === 'ConnectingWalletConnect') void startWalletConnect(host, options)
      return
    }
    const rejected = isUserRejection(error)
    // The proposal is gone with the failure: its URI must not be offered again.
    connectionStore.set({
      wcError: true,
      buffering: false,
      wcUri: undefined,
      wcPairingExpiry: undefined,
    })
    setConnectionError({ ...(rejected ? { code: 4001 } : {}), message: walletErrorMessage(error) })
    trackEvent(rejected ? 'USER_REJECTED' : 'CONNECT_ERROR', {
      name: entry.name,
      method: 'walletconnect',
      message: walletErrorMessage(error),
    })
  } finally {
    stopMessages()
    stopWatchingClose()
  }
}

/**
 * Starts a WalletConnect attempt (a new pairing and its QR code). On Telegram and iOS Safari a
 * pending attempt is joined and a pairing that is still valid is kept (docs/product.md#connection).
 */
export function startWalletConnect(
  host: WalletConnectHost,
  options: WalletConnectAttemptOptions = {},
): Promise<void> {
  const platform = options.platform ?? detectPlatform()
  if (keepsPendingPairing(platform)) {
    const { wcUri, wcPairingExpiry } = connectionStore.get()
    const stillValid = wcUri !== undefined && !isPairingExpired(wcPairingExpiry, clock.now())
    // Joined while its pairing is valid or still on its way; an expired one is replaced.
    if (pendingAttempt && (stillValid || wcUri === undefined)) return pendingAttempt
    if (stillValid) return Promise.resolve()
  }
  const attempt = runAttempt(host, options)
  pendingAttempt = attempt
  void attempt.finally(() => {
    if (pendingAttempt === attempt) pendingAttempt = undefined
  })
  return attempt
}

/** Opens the ConnectingWalletConnect view for a wallet (or plain WalletConnect) and pairs. */
export function openWalletConnect(
  host: WalletConnectHost,
  options: WalletConnectAttemptOptions = {},
): Promise<void> {
  trackEvent('SELECT_WALLET', {
    name: options.wallet?.name ?? 'WalletConnect',
    method: 'walletconnect',
  })
  pushView('ConnectingWalletConnect', {
    connector: walletConnectEntry(options.wallet, options.imageUrl),
    ...(options.wallet ? { wallet: options.wallet, walletId: options.wallet.id } : {}),
    ...(options.imageUrl ? { imageUrl: options.imageUrl } : {}),
  })
  return startWalletConnect(host, options)
}

/** A new pairing each time the current one expires, while the view showing it is open. */
export function renewPairingOnExpiry(
  host: WalletConnectHost,
  options: WalletConnectAttemptOptions = {},
): () => void {
  let timer: unknown
  let scheduledFor: number | undefined
  const schedule = () => {
    const { wcPairingExpiry, wcError } = connectionStore.get()
    if (wcPairingExpiry === scheduledFor) return
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
    scheduledFor = wcPairingExpiry
    if (wcPairingExpiry === undefined || wcError) return
    timer = clock.setTimeout(
      () => {
        timer = undefined
        if (connectionStore.get().wcPairingExpiry !== wcPairingExpiry) return
        void startWalletConnect(host, options)
      },
      Math.max(0, wcPairingExpiry - clock.now()),
    )
  }
  schedule()
  const unsubscribe = connectionStore.subscribe(schedule)
  return () => {
    unsubscribe()
    if (timer !== undefined) clock.clearTimeout(timer)
  }
}

/**
 * Opens a deep link to the wallet with the current pairing URI and remembers it (wcLinking and
 * the stored deep link, both cleared by a connection reset). `onNothingOpened` runs when the
 * page keeps focus: no app took the link.
 */
export function openDeepLink(
  option: DeepLinkOption,
  walletName: string,
  onNothingOpened: () => void,
  page: { open(option: DeepLinkOption): void; activity?: PageActivity } = {
    open: openInBrowser,
  },
): () => void {
  const link = { name: walletName, href: option.href }
  connectionStore.set({ wcLinking: link })
  writeStored('deepLink', link)
  const stop = watchDeepLink(onNothingOpened, page.activity)
  page.open(option)
  return stop
}

function openInBrowser(option: DeepLinkOption): void {
  if (option.newTab) globalThis.open?.(option.href, '_blank', 'noopener,noreferrer')
  else globalThis.location?.assign(option.href)
}

/** Tests: forget the attempt in progress. */
export function resetWalletConnectFlow(): void {
  attemptId++
  approvedAttempt = undefined
  pendingAttempt = undefined
}
