// Social login into the embedded wallet (docs/product.md#social-login), as Connect starts it and
// as the page finishes it when the browser comes back. The popup is opened inside the click;
// when the browser blocks it (or runs inside Telegram, whose web view has no popups) the tab
// itself goes to the provider and the login ends on the page's next load. Either way the frame
// redeems the result, and wagmi connects through the embedded wallet as after an e-mail code.
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import type { EmbeddedWalletHost } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { FrameAnswerError } from '../connectors/embedded-wallet/frame-errors'
import {
  handOverToOpener,
  openSocialPopup,
  postSocialBegin,
  SocialPopupClosedError,
  waitForSocialResult,
} from '../connectors/embedded-wallet/social-popup'
import { trackEvent } from '../events/events'
import type { SocialProvider } from '../options/option-types'
import { setConnectionStatus } from '../state/connection'
import { closeModal, isModalOpen, openModal } from '../state/modal'
import { networkStore } from '../state/network'
import { pushView, resetView, routerStore } from '../state/router'
import { currentSocialEnvironment, SOCIAL_PROVIDER_TITLES } from './social-login-providers'
import { SOCIAL_RESULT_PARAMETER } from './social-login-return'

/** The page's client as a social login needs it: the frame's host, and the adapters to connect. */
type SocialLoginHost = EmbeddedWalletHost & { readonly chain: ChainAdapterFor }

/** Present (value 'popup') when the result URI was made for the popup rather than the tab. */
const SOCIAL_POPUP_PARAMETER = 'portico_popup'
/** The query parameters the server adds to a result URI (SocialCallbackResult). */
const SOCIAL_RESULT_FIELDS = ['state', 'resultCode', 'error', 'errorDescription'] as const

/** The providers our server logs in with (farcaster has its own view and flow). */
export type ServerSocialProvider = Exclude<SocialProvider, 'farcaster'>

const SERVER_PROVIDERS: readonly string[] = [
  'google',
  'x',
  'discord',
  'github',
  'apple',
  'facebook',
]

/** The popup of the login under way, for the visitor who lost it behind this window. */
let loginWindow: Window | null = null

/** Brings the login's popup to the front; false when there is none (closed, or the tab flow). */
export function focusSocialLoginWindow(): boolean {
  if (!loginWindow || loginWindow.closed) return false
  loginWindow.focus()
  return true
}

/** The message Connect shows when the person said no at the provider or closed its window. */
function socialLoginCancelledMessage(provider: SocialProvider): string {
  return `The ${SOCIAL_PROVIDER_TITLES[provider]} login was cancelled. Choose another way to connect.`
}

function loadWallet(client: EmbeddedWalletHost) {
  return import('../connectors/embedded-wallet/embedded-wallet-setup').then((setup) =>
    setup.ensureEmbeddedWallet(client),
  )
}

/** The page's URL without a previous result, naming the provider (and the popup, for it). */
function resultUriFor(href: string, provider: ServerSocialProvider, popup: boolean): string {
  const url = new URL(href)
  url.hash = ''
  for (const name of [SOCIAL_RESULT_PARAMETER, SOCIAL_POPUP_PARAMETER, ...SOCIAL_RESULT_FIELDS])
    url.searchParams.delete(name)
  url.searchParams.set(SOCIAL_RESULT_PARAMETER, provider)
  if (popup) url.searchParams.set(SOCIAL_POPUP_PARAMETER, 'popup')
  return url.href
}

/** Back to Connect with the reason on it (the modal opens for it after a redirect). */
function showFailure(provider: SocialProvider, error: unknown): void {
  const cancelled =
    error instanceof SocialPopupClosedError ||
    (error instanceof FrameAnswerError && error.rpcCode === 4001)
  const message = cancelled
    ? socialLoginCancelledMessage(provider)
    : error instanceof Error && error.message !== ''
      ? error.message
      : 'An error occurred'
  setConnectionStatus('disconnected')
  if (isModalOpen()) resetView('Connect', { socialError: message })
  else openModal({ view: 'Connect', data: { socialError: message } })
}

async function connectWithResult(
  client: SocialLoginHost,
  provider: ServerSocialProvider,
  uri: string,
): Promise<void> {
  const { frame, connector } = await loadWallet(client)
  await frame.request('CONNECT_SOCIAL', { provider, uri })
  setConnectionStatus('connecting')
  await (await client.chain('eip155')).connect(connector.id)
  trackEvent('CONNECT_SUCCESS', { name: connector.name, method: 'social' })
  // The sign-in flow or UnsupportedChain may have taken the modal over by now.
  if (
    networkStore.get().unsupportedChainId === undefined &&
    routerStore.get().view !== 'SIWXSignMessage'
  )
    closeModal()
}

async function runLogin(
  client: SocialLoginHost,
  provider: ServerSocialProvider,
  popup: Window | null,
): Promise<void> {
  try {
    const { frame } = await loadWallet(client)
    const { beginUrl, state } = await frame.request<{ beginUrl: string; state: string }>(
      'CONNECT_SOCIAL',
      { provider, resultUri: resultUriFor(globalThis.location.href, provider, popup !== null) },
    )
    if (!popup) {
      postSocialBegin('tab', beginUrl, state)
      return
    }
    // Closed while the frame was starting: the visitor changed their mind.
    if (popup.closed) throw new SocialPopupClosedError('The login window was closed')
    postSocialBegin('popup', beginUrl, state)
    const uri = await waitForSocialResult(popup, globalThis.location.origin)
    await connectWithResult(client, provider, uri)
  } catch (error) {
    popup?.close()
    showFailure(provider, error)
  } finally {
    if (loginWindow === popup) loginWindow = null
  }
}

/**
 * Starts the login with `provider`. Call it from the click itself: the popup is opened before
 * anything is awaited. The promise settles when the login is done, failed or left the page.
 */
export function startSocialLogin(
  client: SocialLoginHost,
  provider: ServerSocialProvider,
): Promise<void> {
  const popup = currentSocialEnvironment().telegram ? null : openSocialPopup()
  loginWindow = popup
  pushView('ConnectingSocial', { provider })
  return runLogin(client, provider, popup)
}

/**
 * On a page load that is a social login's result URI (isSocialLoginReturn): in the popup, hands
 * it to the opener; after a redirect, finishes the login here and takes the result out of the
 * address bar. False when the page is no such return after all (start() then goes on as usual).
 */
export async function finishSocialLoginReturn(client: SocialLoginHost): Promise<boolean> {
  const resultUri = globalThis.location.href
  const url = new URL(resultUri)
  const provider = url.searchParams.get(SOCIAL_RESULT_PARAMETER) ?? ''
  if (!SERVER_PROVIDERS.includes(provider) || !url.searchParams.has('state')) return false
  if (url.searchParams.get(SOCIAL_POPUP_PARAMETER) === 'popup' && handOverToOpener()) return true
  for (const name of [SOCIAL_RESULT_PARAMETER, SOCIAL_POPUP_PARAMETER, ...SOCIAL_RESULT_FIELDS])
    url.searchParams.delete(name)
  globalThis.history?.replaceState(globalThis.history.state, '', url.href)
  const known = provider as ServerSocialProvider
  try {
    await connectWithResult(client, known, resultUri)
  } catch (error) {
    showFailure(known, error)
  }
  return true
}
