// Adds the embedded wallet to a page's wagmi config at run time, as WalletConnect is added: the
// frame client and the connector arrive in this lazy chunk when the Connect view shows the
// e-mail field, or when start() resumes a stored e-mail login; the page never carries them.
// Here too the frame's approval requests become the modal's ApproveTransaction view.
import {
  addEmbeddedWalletConnector,
  EMBEDDED_WALLET_CONNECTOR_ID,
} from '../../adapters/evm/embedded-wallet-connector'
import type {
  EvmConfig as Config,
  EvmConnector as Connector,
} from '../../adapters/evm/wagmi-config'
import { SDK_VERSION } from '../../api/http'
import { NOT_ALLOWED_MESSAGE_DELAY_MS } from '../../constants'
import { PorticoError } from '../../errors/portico-error'
import type { LogLevel, ResolvedPorticoOptions } from '../../options/option-types'
import { connectionStore } from '../../state/connection'
import { embeddedWalletStore, setFrameApproval } from '../../state/embedded-wallet'
import { addCloseGuard, closeModal, modalStore, openModal } from '../../state/modal'
import { goBack, pushView, replaceView, routerStore } from '../../state/router'
import { applyInitialTheme, themeStore } from '../../state/theme'
import { showError } from '../../state/toast'
import { clock } from '../../time/clock'
import { createFrameClient, type FrameClient, type FrameClientOptions } from './frame-client'
import { ACTION_NOT_ALLOWED_MESSAGE } from './frame-errors'

export interface EmbeddedWalletHost {
  readonly wagmiConfig: Config
  readonly options: Pick<ResolvedPorticoOptions, 'projectId' | 'frameUrl' | 'defaultNetwork'> &
    Partial<Pick<ResolvedPorticoOptions, 'metadata' | 'logLevel'>>
}

export interface EmbeddedWallet {
  readonly frame: FrameClient
  readonly connector: Connector
}

export class EmbeddedWalletNotConfiguredError extends PorticoError {
  override name = 'EmbeddedWalletNotConfiguredError'
  constructor() {
    super('The e-mail login needs the frameUrl option')
  }
}

const wallets = new WeakMap<Config, EmbeddedWallet>()

export function findEmbeddedWalletConnector(config: Config): Connector | undefined {
  return config.connectors.find((connector) => connector.id === EMBEDDED_WALLET_CONNECTOR_ID)
}

/**
 * While the frame asks for approval, the modal shows ApproveTransaction and the frame is drawn
 * over the view's area; when it is settled the frame hides and the modal goes back (or closes,
 * if it opened for this). The modal cannot be closed meanwhile: only the frame's buttons decide.
 */
function followApprovals(frame: FrameClient): void {
  let openedForApproval = false
  let pushedForApproval = false
  frame.onEvent((event) => {
    if (event.type === 'FRAME_APPROVAL_REQUESTED' && event.id) {
      const method = (event.payload as { method?: unknown } | undefined)?.method
      setFrameApproval({ id: event.id, method: typeof method === 'string' ? method : '' })
      if (!modalStore.get().open) {
        openedForApproval = true
        openModal({ view: 'ApproveTransaction' })
      } else if (routerStore.get().view !== 'ApproveTransaction') {
        pushedForApproval = true
        // The exported key takes the code view's place: Done goes back to Account.
        if (method === 'EXPORT_KEY') replaceView('ApproveTransaction')
        else pushView('ApproveTransaction')
      }
    }
    if (event.type === 'FRAME_APPROVAL_SETTLED') {
      setFrameApproval(undefined)
      frame.hide()
      if (openedForApproval) closeModal()
      else if (pushedForApproval && routerStore.get().view === 'ApproveTransaction') goBack()
      openedForApproval = false
      pushedForApproval = false
    }
  })
  embeddedWalletStore.subscribe(({ approval, frameArea }) => {
    if (approval && frameArea) frame.show(frameArea)
    else frame.hide()
  })
  addCloseGuard(() => embeddedWalletStore.get().approval !== undefined)
}

/**
 * The page's metadata (as the protocol has it; the frame's confirm names the page by its
 * verified origin, not by this name) and how the frame looks: sent once it is loaded, and the
 * theme again when it changes. A frame that refuses either still works.
 */
function syncFrame(frame: FrameClient, host: EmbeddedWalletHost): void {
  const location = globalThis.location
  const metadata = host.options.metadata ?? {
    name: globalThis.document?.title || location?.host || 'Portico',
    description: '',
    url: location?.origin ?? 'http://localhost',
    icons: [],
  }
  applyInitialTheme()
  const sendTheme = () => {
    const { themeMode, themeVariables } = themeStore.get()
    const variables = Object.fromEntries(
      Object.entries(themeVariables).filter(([, value]) => value !== undefined),
    )
    frame.request('SYNC_THEME', { themeMode, themeVariables: variables }).catch(() => undefined)
  }
  frame
    .load()
    .then(() => {
      frame
        .request('SYNC_DAPP_DATA', {
          projectId: host.options.projectId,
          sdkVersion: SDK_VERSION,
          metadata: {
            name: metadata.name,
            description: metadata.description,
            url: metadata.url,
            icons: metadata.icons.slice(0, 16),
          },
        })
        .catch(() => undefined)
      sendTheme()
      themeStore.subscribe(sendTheme)
    })
    .catch(() => undefined)
}

/** A refused method opens the modal and says so after NOT_ALLOWED_MESSAGE_DELAY_MS. */
function showNotAllowed(): void {
  if (!modalStore.get().open)
    openModal({ isConnected: connectionStore.get().status === 'connected' })
  clock.setTimeout(() => showError(ACTION_NOT_ALLOWED_MESSAGE), NOT_ALLOWED_MESSAGE_DELAY_MS)
}

/** The frame logs its steps (console.debug) when the host asked for debug lines. */
function frameLogs(level: LogLevel | undefined): boolean {
  return level === 'debug' || level === 'trace'
}

/** The page's embedded wallet (frame client and connector), made the first time. */
export function ensureEmbeddedWallet(
  host: EmbeddedWalletHost,
  frameOptions: Partial<FrameClientOptions> = {},
): EmbeddedWallet {
  const config = host.wagmiConfig
  const existing = wallets.get(config)
  if (existing) return existing
  const { frameUrl } = host.options
  if (!frameUrl) throw new EmbeddedWalletNotConfiguredError()
  const frame = createFrameClient({
    frameUrl,
    projectId: host.options.projectId,
    chainId: Number(host.options.defaultNetwork.id),
    enableLogger: frameLogs(host.options.logLevel),
    onAlert: (message) => showError(message),
    ...frameOptions,
  })
  let synced = false
  const connector = addEmbeddedWalletConnector(config, {
    loadFrame: async () => {
      if (!synced) {
        synced = true
        syncFrame(frame, host)
      }
      await frame.load()
      return frame
    },
    onNotAllowed: showNotAllowed,
  })
  followApprovals(frame)
  const wallet = { frame, connector }
  wallets.set(config, wallet)
  return wallet
}
