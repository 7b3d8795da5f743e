// The e-mail login and e-mail change of the embedded wallet (docs/product.md#embedded-wallet),
// as the views start them: send a code (with the 30 s cooldown), verify it and connect, send
// again, change the address with a code to each, sign out. The frame does the work; these steps
// keep the order, the cooldown and the navigation. Loaded with the views that call them.
import { isEmailAddress } from '@portico/protocol/embedded-wallet-api'
import type { FrameSuccessPayload } from '@portico/protocol/embedded-wallet-frame'
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import type { EmbeddedWalletHost } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants'
import { PorticoError } from '../errors/portico-error'
import { trackEvent } from '../events/events'
import { setConnectionStatus } from '../state/connection'
import {
  embeddedWalletStore,
  setEmbeddedWalletUser,
  setNewEmail,
  setPendingEmail,
} from '../state/embedded-wallet'
import { closeModal } from '../state/modal'
import { networkStore } from '../state/network'
import { pushView, resetView, routerStore } from '../state/router'
import { readStored, writeStored } from '../storage'
import { clock } from '../time/clock'

export class EmailCooldownError extends PorticoError {
  override name = 'EmailCooldownError'
  constructor(seconds: number) {
    super(`Please try again after ${seconds} seconds`, { code: 'EMAIL_COOLDOWN' })
  }
}

/** What the visitor typed is not an e-mail address: said before anything is sent. */
export class InvalidEmailError extends PorticoError {
  override name = 'InvalidEmailError'
  constructor() {
    super('Enter a full e-mail address, like you@example.com', { code: 'INVALID_EMAIL' })
  }
}

/** The address as it will be sent, or InvalidEmailError. */
function checkedEmail(typed: string): string {
  const email = typed.trim()
  if (!isEmailAddress(email)) throw new InvalidEmailError()
  return email
}

export interface EmbeddedWalletClient extends EmbeddedWalletHost {
  disconnect(): Promise<void>
}

function loadWallet(client: EmbeddedWalletHost) {
  return import('../connectors/embedded-wallet/embedded-wallet-setup').then((setup) =>
    setup.ensureEmbeddedWallet(client),
  )
}

/**
 * Warms the e-mail login while the visitor is still typing: the frame client's chunk and the
 * frame itself, so the code request does not wait for them.
 */
export function preloadEmbeddedWallet(client: EmbeddedWalletHost): void {
  loadWallet(client)
    .then(({ frame }) => frame.load())
    .catch(() => undefined)
}

/** Seconds left before another code may be asked for (0: now), rounded up (docs/product.md#validation). */
export function emailCooldownSeconds(now: number = clock.now()): number {
  const last = readStored('lastEmailLoginTime')
  if (last === undefined) return 0
  const remaining = EMAIL_LOGIN_COOLDOWN_MS - (now - last)
  return remaining > 0 ? Math.ceil(remaining / 1000) : 0
}

async function sendCode(client: EmbeddedWalletHost, email: string): Promise<void> {
  const wait = emailCooldownSeconds()
  if (wait > 0) throw new EmailCooldownError(wait)
  const { frame } = await loadWallet(client)
  await frame.request('CONNECT_EMAIL', { email })
  writeStored('lastEmailLoginTime', clock.now())
  setPendingEmail(email)
}

/** Sends a login code to `email` and shows the code view. */
export async function startEmailLogin(client: EmbeddedWalletHost, typed: string): Promise<void> {
  const email = checkedEmail(typed)
  await sendCode(client, email)
  pushView('EmailVerifyOtp', { email })
}

/** Sends the code again to the address waiting for one. */
export async function resendEmailLoginCode(client: EmbeddedWalletHost): Promise<void> {
  const email = embeddedWalletStore.get().pendingEmail
  if (!email) throw new PorticoError('No e-mail address is waiting for a code')
  await sendCode(client, email)
}

/** Verifies the code, then connects wagmi through the embedded wallet and closes the modal. */
export async function verifyEmailLoginCode(
  client: EmbeddedWalletHost & { chain: ChainAdapterFor },
  otp: string,
): Promise<void> {
  const { frame, connector } = await loadWallet(client)
  await frame.request('CONNECT_OTP', { otp })
  setConnectionStatus('connecting')
  try {
    await (await client.chain('eip155')).connect(connector.id)
  } catch (error) {
    setConnectionStatus('disconnected')
    throw error
  }
  trackEvent('CONNECT_SUCCESS', { name: connector.name, method: 'email' })
  // The sign-in flow or UnsupportedChain may have taken the modal over by now.
  if (
    networkStore.get().unsupportedChainId === undefined &&
    routerStore.get().view !== 'SIWXSignMessage'
  )
    closeModal()
}

/** Asks for a change of address: a code goes to the current address first. */
export async function startEmailUpdate(client: EmbeddedWalletHost, typed: string): Promise<void> {
  const email = checkedEmail(typed)
  const { frame } = await loadWallet(client)
  await frame.request('UPDATE_EMAIL', { email })
  setNewEmail(email)
  pushView('UpdateEmailPrimaryOtp', { email })
}

/** The current address's code; then a code goes to the new address. */
export async function verifyEmailUpdatePrimary(
  client: EmbeddedWalletHost,
  otp: string,
): Promise<void> {
  const { frame } = await loadWallet(client)
  await frame.request('UPDATE_EMAIL_PRIMARY_OTP', { otp })
  pushView('UpdateEmailSecondaryOtp', { email: embeddedWalletStore.get().newEmail })
}

/** The new address's code: the change is done, Account shows the new address. */
export async function verifyEmailUpdateSecondary(
  client: EmbeddedWalletHost,
  otp: string,
): Promise<void> {
  const { frame } = await loadWallet(client)
  const { newEmail } = await frame.request<FrameSuccessPayload<'UPDATE_EMAIL_SECONDARY_OTP'>>(
    'UPDATE_EMAIL_SECONDARY_OTP',
    { otp },
  )
  const user = embeddedWalletStore.get().user
  if (user) setEmbeddedWalletUser({ ...user, email: newEmail })
  writeStored('email', newEmail)
  setNewEmail(undefined)
  resetView('Account')
}

/**
 * Key export's first step: the frame has the server mail a fresh code to the login address (a
 * session alone does not export the key), with the server's 30 s cooldown per address.
 */
export async function startKeyExport(client: EmbeddedWalletHost): Promise<void> {
  const { frame } = await loadWallet(client)
  await frame.request('EXPORT_KEY_START')
}

/**
 * The fresh code: the frame rebuilds the key and shows it inside itself, over the
 * ApproveTransaction view that takes this view's place (docs/product.md#embedded-wallet); the
 * page never receives it. Resolves once it is on screen.
 */
export async function verifyKeyExport(client: EmbeddedWalletHost, otp: string): Promise<void> {
  const { frame } = await loadWallet(client)
  await frame.request('EXPORT_KEY_OTP', { otp })
}

/** Signs out: the frame forgets its session (waiting at most 3 s), the page its login data. */
export async function signOutEmbeddedWallet(client: EmbeddedWalletClient): Promise<void> {
  await client.disconnect()
}
