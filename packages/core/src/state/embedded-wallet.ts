// The embedded wallet as the modal shows it (docs/product.md#embedded-wallet): the e-mail a
// code went to, the signed-in user, the e-mail being changed, and the frame's approval while it
// asks the visitor to approve a request (with where the view wants the frame drawn). The frame
// client itself lives in a lazy chunk and follows this store; views never touch it.

import type { GetUserAnswer } from '@portico/protocol/embedded-wallet-frame'
import { EMAIL_OTP_TTL_SECONDS } from '@portico/protocol/embedded-wallet-limits'
import { readStored } from '../storage'
import { clock } from '../time/clock'
import { createStore } from './store'

/** The frame's user (its GET_USER answer) as the modal shows it. */
export type EmbeddedWalletUser = Pick<
  GetUserAnswer,
  'email' | 'address' | 'chainId' | 'userName' | 'socialProvider'
>

export interface FrameApproval {
  /** The request's id. */
  id: string
  method: string
}

export interface FrameArea {
  top: number
  left: number
  width: number
  height: number
}

export interface EmbeddedWalletState {
  /** The address a login code was sent to, until it is verified. */
  pendingEmail: string | undefined
  user: EmbeddedWalletUser | undefined
  /** The new address of an e-mail change under way. */
  newEmail: string | undefined
  approval: FrameApproval | undefined
  /** Where the ApproveTransaction view wants the frame; undefined keeps it hidden. */
  frameArea: FrameArea | undefined
}

export const embeddedWalletStore = /* @__PURE__ */ createStore<EmbeddedWalletState>(() => ({
  pendingEmail: undefined,
  user: undefined,
  newEmail: undefined,
  approval: undefined,
  frameArea: undefined,
}))

export function setPendingEmail(email: string | undefined): void {
  embeddedWalletStore.set({ pendingEmail: email })
}

/**
 * The address an e-mail login is waiting on, while the code mailed to it still lives (the
 * frame keeps the login under way): the modal opens there again rather than on an empty form.
 */
export function liveEmailLogin(now: number = clock.now()): string | undefined {
  const email = embeddedWalletStore.get().pendingEmail
  const sentAt = readStored('lastEmailLoginTime')
  if (email === undefined || sentAt === undefined) return undefined
  return now - sentAt < EMAIL_OTP_TTL_SECONDS * 1000 ? email : undefined
}

export function setEmbeddedWalletUser(user: EmbeddedWalletUser | undefined): void {
  embeddedWalletStore.set({ user, pendingEmail: undefined })
}

export function setNewEmail(email: string | undefined): void {
  embeddedWalletStore.set({ newEmail: email })
}

/**
 * The frame's request, or undefined once settled. The view's area stays: a view that goes on
 * waiting (a send's receipt, a swap's second transaction) keeps it for the next request, and
 * takes it back itself when it is gone.
 */
export function setFrameApproval(approval: FrameApproval | undefined): void {
  embeddedWalletStore.set({ approval })
}

/** The view's area for the frame, or undefined once the view is gone. */
export function setFrameArea(area: FrameArea | undefined): void {
  embeddedWalletStore.set({ frameArea: area })
}

export function resetEmbeddedWallet(): void {
  embeddedWalletStore.reset()
}
