// Sign In With Farcaster into the embedded wallet (docs/product.md#embedded-wallet), as the
// ConnectingFarcaster view runs it: the frame makes a redeem secret and gives the page only its
// commitment (CONNECT_FARCASTER with no field), the page makes a channel on our server's auth
// relay with it (the page, so that the signed domain is its own), the link (farcasterUrl) is
// shown as a QR code, its status polled until a Farcaster client has signed in (202 pending, 200
// done) or the channel expires, then the frame redeems the channel with its secret
// (CONNECT_FARCASTER with the token) and makes or loads the key as after an e-mail code, and
// wagmi connects. The page never holds the secret, and the link alone redeems nothing. Leaving
// the view stops it.

import {
  type ChannelStatusAnswer,
  type CreateChannelAnswer,
  type CreateChannelBody,
  FARCASTER_CHANNEL_TTL_SECONDS,
} from '@portico/protocol/farcaster-auth'
import {
  FARCASTER_CHANNEL_PATH,
  FARCASTER_CHANNEL_STATUS_PATH,
} from '@portico/protocol/route-paths'
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import { createHttpClient, type ExchangeOptions, type HttpAnswer } from '../api/http'
import type { EmbeddedWalletHost } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { trackEvent } from '../events/events'
import type { ResolvedPorticoOptions } from '../options/option-types'
import { getAccount, updateAccount } from '../state/account'
import { setConnectionStatus } from '../state/connection'
import { closeModal } from '../state/modal'
import { networkStore } from '../state/network'
import { routerStore } from '../state/router'
import { createStore } from '../state/store'
import { clock } from '../time/clock'

/** How often the channel's status is read while the visitor signs in on their phone. */
export const FARCASTER_POLL_INTERVAL_MS = 1_500

export const FARCASTER_EXPIRED_MESSAGE = 'The sign-in request expired. Try again for a new QR code.'
export const FARCASTER_START_FAILED_MESSAGE = 'Sign in with Farcaster could not start'
export const FARCASTER_STATUS_FAILED_MESSAGE = 'The sign-in request could not be followed'
export const FARCASTER_NOT_CONFIGURED_MESSAGE = 'Sign in with Farcaster needs the frameUrl option'

export interface FarcasterLoginHost extends EmbeddedWalletHost {
  readonly chain: ChainAdapterFor
  readonly options: EmbeddedWalletHost['options'] & Pick<ResolvedPorticoOptions, 'apiUrl'>
}

export type FarcasterLoginState =
  | { status: 'idle' }
  /** The channel is being made. */
  | { status: 'starting' }
  /** The link is shown; a Farcaster client has not signed in yet. */
  | { status: 'waiting'; farcasterUrl: string; expiresAt: number }
  /** Signed in on the phone: the frame is redeeming the channel and wagmi connects. */
  | { status: 'connecting'; farcasterUrl: string }
  | { status: 'failed'; message: string }

export const farcasterLoginStore = /* @__PURE__ */ createStore<{ login: FarcasterLoginState }>(
  () => ({ login: { status: 'idle' } }),
)

function setLogin(login: FarcasterLoginState): void {
  farcasterLoginStore.set({ login })
  // The account state carries the link too (docs/product.md#account-state), for as long as its
  // channel can still be signed: a stopped, failed or finished login takes it away.
  const farcasterUrl = 'farcasterUrl' in login ? login.farcasterUrl : undefined
  if (getAccount('eip155').farcasterUrl !== farcasterUrl) updateAccount('eip155', { farcasterUrl })
}

class StoppedError extends Error {}

/** The page's own host and URL: what the signed message must name (FIP-11 domain and URI). */
function signInTarget(): CreateChannelBody {
  const location = globalThis.location
  return {
    domain: location?.host || 'localhost',
    siweUri: location?.origin && location.origin !== 'null' ? location.origin : 'http://localhost',
  }
}

function serverMessage(body: unknown): string | undefined {
  const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
  return typeof message === 'string' && message !== '' ? message : undefined
}

/**
 * Starts a login in the ConnectingFarcaster view; the returned function stops it (the view
 * calls it when it goes). Progress and failures are in farcasterLoginStore.
 */
export function startFarcasterLogin(host: FarcasterLoginHost): () => void {
  const controller = new AbortController()
  let timer: unknown
  const http = createHttpClient({ baseUrl: host.options.apiUrl, projectId: host.options.projectId })
  const stopped = () => controller.signal.aborted

  /** One call to the relay, given up after the API time-out (a hung read would stall the poll). */
  async function call(path: string, request: ExchangeOptions): Promise<HttpAnswer> {
    try {
      const answer = await http.exchange(path, { ...request, signal: controller.signal })
      if (stopped()) throw new StoppedError()
      return answer
    } catch (error) {
      throw stopped() ? new StoppedError() : error
    }
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new StoppedError())
      timer = clock.setTimeout(() => {
        controller.signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      controller.signal.addEventListener('abort', onAbort, { once: true })
    })
  }

  async function createChannel(redeemChallenge: string): Promise<CreateChannelAnswer> {
    // A channel is the project's: the server takes it only for one of the project's sites (the
    // client sends the project id with every call).
    const target: CreateChannelBody = { ...signInTarget(), redeemChallenge }
    const { status, body } = await call(FARCASTER_CHANNEL_PATH, { method: 'POST', body: target })
    if (status !== 201) throw new Error(serverMessage(body) ?? FARCASTER_START_FAILED_MESSAGE)
    return body as CreateChannelAnswer
  }

  /** Reads the status until it is completed; throws the expiry when the channel is gone. */
  async function waitForSignIn(channel: CreateChannelAnswer, expiresAt: number): Promise<void> {
    for (;;) {
      if (clock.now() >= expiresAt) throw new Error(FARCASTER_EXPIRED_MESSAGE)
      let answer: HttpAnswer | undefined
      try {
        answer = await call(FARCASTER_CHANNEL_STATUS_PATH, {
          method: 'GET',
          token: channel.channelToken,
        })
      } catch (error) {
        // A dropped request is tried again at the next tick; the expiry still ends the wait.
        if (error instanceof StoppedError) throw error
      }
      if (answer) {
        const { status, body } = answer
        if (status === 200 && (body as ChannelStatusAnswer).state === 'completed') return
        // The server forgets a channel when it expires.
        if (status === 401) throw new Error(FARCASTER_EXPIRED_MESSAGE)
        if (status !== 202) throw new Error(serverMessage(body) ?? FARCASTER_STATUS_FAILED_MESSAGE)
      }
      await wait(FARCASTER_POLL_INTERVAL_MS)
    }
  }

  async function run(): Promise<void> {
    setLogin({ status: 'starting' })
    // The frame redeems the channel: without one, a signature on the phone would lead nowhere.
    if (!host.options.frameUrl) throw new Error(FARCASTER_NOT_CONFIGURED_MESSAGE)
    const { frame, connector } = await import(
      '../connectors/embedded-wallet/embedded-wallet-setup'
    ).then((setup) => setup.ensureEmbeddedWallet(host))
    // The channel is bound to a secret only the frame holds, so the frame answers first.
    const { redeemChallenge } = await frame.request<{ redeemChallenge: string }>(
      'CONNECT_FARCASTER',
      {},
    )
    if (stopped()) return
    const channel = await createChannel(redeemChallenge)
    const expiresAt = clock.now() + FARCASTER_CHANNEL_TTL_SECONDS * 1000
    setLogin({ status: 'waiting', farcasterUrl: channel.url, expiresAt })
    await waitForSignIn(channel, expiresAt)
    setLogin({ status: 'connecting', farcasterUrl: channel.url })
    await frame.request('CONNECT_FARCASTER', { channelToken: channel.channelToken })
    if (stopped()) return
    setConnectionStatus('connecting')
    try {
      await (await host.chain('eip155')).connect(connector.id)
    } catch (error) {
      setConnectionStatus('disconnected')
      throw error
    }
    trackEvent('CONNECT_SUCCESS', { name: connector.name, method: 'farcaster' })
    setLogin({ status: 'idle' })
    // The sign-in flow or UnsupportedChain may have taken the modal over by now.
    if (
      networkStore.get().unsupportedChainId === undefined &&
      routerStore.get().view !== 'SIWXSignMessage'
    )
      closeModal()
  }

  run().catch((error: unknown) => {
    if (error instanceof StoppedError || stopped()) return
    const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
    const text =
      typeof shortMessage === 'string' && shortMessage !== ''
        ? shortMessage
        : typeof message === 'string' && message !== '' && !(error instanceof TypeError)
          ? message
          : FARCASTER_START_FAILED_MESSAGE
    setLogin({ status: 'failed', message: text })
  })

  return () => {
    clock.clearTimeout(timer)
    controller.abort()
    setLogin({ status: 'idle' })
  }
}
