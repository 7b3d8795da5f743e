// The sign-in flow (docs/product.md#sign-in-siwx): when sign-in is on and an
// address is active on a supported network with no session for it, the SIWXSignMessage view
// opens; signing stores the session and closes the modal; a failure shows 'Signature declined'
// on the sign view; cancelling disconnects (sign-in required) or closes the modal. The client
// loads this module with import() once an account connects and `siwx` is set.
import { shortMessageOf } from '../errors/short-message-of'
import { isUserRejection } from '../errors/wallet-errors'
import { trackEvent } from '../events/events'
import { isSmartAccount, trackingProperties } from '../events/tracking-properties'
import { accountStore, getAccount } from '../state/account'
import { connectionStore } from '../state/connection'
import { addCloseGuard, closeModal, modalStore, openModal } from '../state/modal'
import { networkStore } from '../state/network'
import { resetView, routerStore } from '../state/router'
import {
  setSiwxAccount,
  setSiwxError,
  setSiwxSession,
  setSiwxStatus,
  siwxStore,
} from '../state/siwx'
import { showError } from '../state/toast'
import { signInCloseGuard } from './sign-in-close-guard'
import {
  NoActiveCaipAddressError,
  NoActiveCaipNetworkError,
  NoConnectionClientError,
  SignatureDeclinedError,
  SiwxInitializeError,
  SiwxNotEnabledError,
  SmartAccountSignatureError,
} from './siwx-errors'
import type { SiwxConfig } from './siwx-types'

/** What the flow asks of the connection: the spec's "ConnectionController client". */
export interface SignInClient {
  /** personal_sign (EIP-191) by the active account; rejects with 4001 when the user declines. */
  signMessage(message: string): Promise<string>
  disconnect(): Promise<void>
}

export interface SignInSetup {
  siwx?: SiwxConfig | undefined
  client?: SignInClient | undefined
}

let setup: SignInSetup = {}

/** The sign-in config and connection client the flow uses; `{}` turns it off. */
export function configureSignIn(next: SignInSetup): void {
  setup = next
}

/** Sign-in is required unless the config says otherwise (SiwxConfig.getRequired). */
export function isSignInRequired(): boolean {
  return setup.siwx !== undefined && setup.siwx.getRequired?.() !== false
}

// Store reads go through the stores themselves: every store function this lazily loaded module
// calls that the page does not would be added to the page-load chunk, where the stores live.
const isConnected = () => connectionStore.get().status === 'connected'

function isStale(caipAddress: string): boolean {
  return siwxStore.get().caipAddress !== caipAddress
}

/** The chain of a CAIP-10 account is one the app requested, and the wallet is not elsewhere. */
function isSupportedAccount(caipNetworkId: string): boolean {
  const { requestedCaipNetworks, unsupportedChainId } = networkStore.get()
  return (
    unsupportedChainId === undefined &&
    requestedCaipNetworks.some((network) => network.caipNetworkId === caipNetworkId)
  )
}

/**
 * Looks up the sessions of `caipAddress` (the active account; undefined once there is none,
 * never read from the account store here: on a disconnect the status changes before the
 * account is cleared). With none, opens SIWXSignMessage. When the lookup fails the wallet is
 * disconnected, the modal resets to Connect and SIWX_AUTH_ERROR is tracked.
 */
export async function initializeIfEnabled(caipAddress: string | undefined): Promise<void> {
  const { siwx } = setup
  const parts = caipAddress?.split(':') ?? []
  const [namespace, reference, address] = parts
  const caipNetworkId = `${namespace}:${reference}`
  if (
    !siwx ||
    !caipAddress ||
    parts.length !== 3 ||
    !address ||
    !isSupportedAccount(caipNetworkId)
  ) {
    setSiwxAccount(undefined, 'idle')
    return
  }
  setSiwxAccount(caipAddress, 'checking')
  try {
    const sessions = await siwx.getSessions(caipNetworkId as `${string}:${string}`, address)
    if (isStale(caipAddress)) return
    const [session] = sessions
    if (session) {
      setSiwxSession(session)
      return
    }
    setSiwxStatus('unauthenticated')
    openModal({ view: 'SIWXSignMessage' })
  } catch (cause) {
    if (isStale(caipAddress)) return
    const error = new SiwxInitializeError(cause)
    trackEvent('SIWX_AUTH_ERROR', { ...trackingProperties(), message: error.shortMessage })
    setSiwxAccount(undefined, 'idle')
    await setup.client?.disconnect().catch(() => undefined)
    resetView('Connect')
    showError(error.shortMessage)
  }
}

function failureReason(error: unknown): string | undefined {
  if (isUserRejection(error)) return undefined
  return shortMessageOf(error)
}

/**
 * Creates the message, asks the wallet to sign it and stores the session; then the modal
 * closes and SIWX_AUTH_SUCCESS is tracked. Throws (changing nothing) without a sign-in config,
 * an active address, an active network or a connection client. Any later failure is shown on
 * the sign view: 'Signature declined' (or the smart account message), SIWX_AUTH_ERROR.
 */
export async function requestSignMessage(): Promise<void> {
  const { siwx, client } = setup
  const account = getAccount('eip155')
  const network = networkStore.get().activeCaipNetwork
  if (!siwx) throw new SiwxNotEnabledError()
  if (!account.caipAddress || !account.address) throw new NoActiveCaipAddressError()
  if (!network) throw new NoActiveCaipNetworkError()
  if (!client) throw new NoConnectionClientError()

  const caipAddress = account.caipAddress
  if (isStale(caipAddress)) setSiwxAccount(caipAddress, 'signing')
  else siwxStore.set({ status: 'signing', error: undefined })
  try {
    const { data, message } = await siwx.createMessage({
      chainId: network.caipNetworkId,
      accountAddress: account.address,
    })
    const signature = await client.signMessage(message)
    const session = { data, message, signature }
    await siwx.addSession(session)
    if (isStale(caipAddress)) return
    setSiwxSession(session)
    closeModal()
    trackEvent('SIWX_AUTH_SUCCESS', trackingProperties())
  } catch (cause) {
    if (isStale(caipAddress)) return
    const failure = isSmartAccount()
      ? new SmartAccountSignatureError(cause)
      : new SignatureDeclinedError(cause)
    const { view } = routerStore.get()
    if (view !== 'ApproveTransaction' && (!modalStore.get().open || view !== 'SIWXSignMessage')) {
      openModal({ view: 'SIWXSignMessage' })
    }
    const reason = failureReason(cause)
    setSiwxError({ message: failure.shortMessage, ...(reason ? { reason } : {}) })
    // The sign view shows the failure in its own alert; a toast on top would say it twice
    // inside the dialog. Only a failure seen from elsewhere (ApproveTransaction) needs one.
    if (routerStore.get().view !== 'SIWXSignMessage') showError(failure.shortMessage)
    trackEvent('SIWX_AUTH_ERROR', {
      ...trackingProperties(),
      message: reason ?? failure.shortMessage,
    })
  }
}

/**
 * CLICK_CANCEL_SIWX: with sign-in required the wallet is disconnected, otherwise the modal
 * closes; either way the router starts over at Connect.
 */
export async function cancelSignMessage(): Promise<void> {
  const properties = trackingProperties()
  if (isSignInRequired()) {
    if (!setup.client) throw new NoConnectionClientError()
    await setup.client.disconnect()
  } else {
    closeModal()
  }
  resetView('Connect')
  trackEvent('CLICK_CANCEL_SIWX', properties)
}

/**
 * Follows the connection: each account (address and chain) that becomes active on a
 * supported network is checked for a session; a disconnect clears the sessions
 * (docs/product.md#disconnect). While sign-in is required and no session exists, the modal cannot
 * be closed from SIWXSignMessage or ApproveTransaction. Returns the function that stops it.
 */
export function startSignInFlow(next: { siwx: SiwxConfig; client: SignInClient }): () => void {
  configureSignIn(next)
  const removeGuard = addCloseGuard(
    signInCloseGuard({
      isRequired: () => isSignInRequired() && isConnected(),
      hasSession: () => siwxStore.get().session !== undefined,
    }),
  )
  let checked: string | undefined
  const follow = () => {
    const caipAddress =
      isConnected() && networkStore.get().unsupportedChainId === undefined
        ? getAccount('eip155').caipAddress
        : undefined
    if (caipAddress === checked) return
    checked = caipAddress
    void initializeIfEnabled(caipAddress)
  }
  const stopAccount = accountStore.subscribe(follow)
  const stopNetwork = networkStore.subscribe(follow)
  const stopConnection = connectionStore.subscribe((state, previous) => {
    follow()
    if (state.status === 'disconnected' && previous.status === 'connected') {
      void next.siwx.setSessions([]).catch(() => undefined)
    }
  })
  follow()
  return () => {
    stopAccount()
    stopNetwork()
    stopConnection()
    removeGuard()
    configureSignIn({})
    setSiwxAccount(undefined, 'idle')
  }
}
