// The modal's internal navigation (docs/product.md#views): the current view, the views behind it,
// the data the current view was opened with, and the transaction stack.
//
// The router never imports the modal store (the modal imports the router to reset it on
// open). Where going back must close the modal, the router calls the close handler the modal
// registers with setRouterCloseHandler when it opens: the dependency points one way only.

import { BACK_NAVIGATION_FOLLOW_UP_MS } from '../constants'
import { clock } from '../time/clock'
import type { Connector } from './connection'
import { createStore } from './store'

export type RouterView =
  | 'Connect'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'ConnectingSiwe'
  | 'ConnectingFarcaster'
  | 'ConnectingSocial'
  | 'EmailVerifyOtp'
  | 'EmailVerifyDevice'
  /** The embedded wallet's e-mail change: the new address, then a code from each address. */
  | 'UpdateEmailWallet'
  | 'UpdateEmailPrimaryOtp'
  | 'UpdateEmailSecondaryOtp'
  /** The embedded wallet's key export: the warning, then a fresh code; the frame shows the key. */
  | 'ExportEmbeddedKey'
  | 'UnsupportedChain'
  | 'Account'
  | 'Networks'
  | 'SwitchNetwork'
  | 'AllWallets'
  | 'ApproveTransaction'
  /** After a native send (its stack has no view): the hash and, where there is one, the explorer. */
  | 'TransactionSent'
  | 'Swap'
  /** The swap's token picker: which side it picks for is in the view's data (`side`). */
  | 'SwapSelectToken'
  | 'SwapPreview'
  /** After a swap went through: what was swapped, its hash and, where there is one, the explorer. */
  | 'SwapComplete'
  | 'SIWXSignMessage'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'Receive'
  | 'Send'
  | 'SendPreview'
  | 'OnRampProviders'
  /** A card purchase under way in the provider's window: its order followed until paid. */
  | 'BuyInProgress'
  | 'Transactions'
  | 'WhatIsAWallet'
  /** For a visitor without a wallet: wallets with their download links. */
  | 'GetAWallet'
  | 'WhatIsANetwork'

/** What a view was opened with; known fields are typed, views may carry more. */
export interface RouterData {
  connector?: Connector
  connectorId?: string
  walletId?: string
  caipNetworkId?: string
  email?: string
  accountName?: string
  [key: string]: unknown
}

/**
 * One pending transaction's navigation. On success: go back, or replace the current view
 * with `view`, or reset to `view`; with none of those, nothing moves. On cancel: go back.
 */
export interface TransactionAction {
  view?: RouterView
  goBack?: boolean
  replace?: boolean
  onSuccess?: () => void
  onCancel?: () => void
}

export interface RouterState {
  view: RouterView
  history: RouterView[]
  data: RouterData | undefined
  transactionStack: TransactionAction[]
}

export const routerStore = /* @__PURE__ */ createStore<RouterState>(() => ({
  view: 'Connect',
  history: ['Connect'],
  data: undefined,
  transactionStack: [],
}))

let closeHandler: (() => void) | undefined

/** The modal registers how to close itself; the router calls it when going back must close. */
export function setRouterCloseHandler(handler: (() => void) | undefined): void {
  closeHandler = handler
}

type BackNavigationListener = (leftView: RouterView) => void
const backNavigationListeners = /* @__PURE__ */ new Set<BackNavigationListener>()

/**
 * The back-navigation follow-up: runs BACK_NAVIGATION_FOLLOW_UP_MS after every goBack with the
 * view that was left (e.g. the embedded wallet reloads its frame after leaving Farcaster).
 */
export function onBackNavigation(listener: BackNavigationListener): () => void {
  backNavigationListeners.add(listener)
  return () => backNavigationListeners.delete(listener)
}

export function getRouterView(): RouterView {
  return routerStore.get().view
}

/** Opens `view` on top of the current one; ignored when `view` is already shown. */
export function pushView(view: RouterView, data?: RouterData): void {
  const { view: current, history } = routerStore.get()
  if (current === view) return
  routerStore.set({ view, history: [...history, view], data })
}

/** Shows `view` in place of the current one, which is dropped from the history. */
export function replaceView(view: RouterView, data?: RouterData): void {
  const { history } = routerStore.get()
  routerStore.set({ view, history: [...history.slice(0, -1), view], data })
}

/** Starts over at `view` with nothing behind it. */
export function resetView(view: RouterView, data?: RouterData): void {
  routerStore.set({ view, history: [view], data })
}

function closeInsteadOfGoingBack(history: readonly RouterView[]): boolean {
  return history.length <= 1 || history.includes('UnsupportedChain')
}

function followUpBackNavigation(leftView: RouterView): void {
  if (backNavigationListeners.size === 0) return
  clock.setTimeout(() => {
    for (const listener of backNavigationListeners) listener(leftView)
  }, BACK_NAVIGATION_FOLLOW_UP_MS)
}

/**
 * Back to the previous view. With nothing behind (Connect, the start view) it closes the
 * modal; while the history holds UnsupportedChain going back is blocked and closes the modal.
 */
export function goBack(): void {
  const { view, history } = routerStore.get()
  if (closeInsteadOfGoingBack(history)) {
    closeHandler?.()
  } else {
    const previous = history.slice(0, -1)
    routerStore.set({
      view: previous[previous.length - 1] ?? 'Connect',
      history: previous,
      data: undefined,
    })
  }
  followUpBackNavigation(view)
}

/**
 * Back to the view at `index` of the history. An index that is not behind the current view is
 * ignored; the UnsupportedChain block applies as for goBack.
 */
export function goBackToIndex(index: number): void {
  const { view, history } = routerStore.get()
  const target = history[index]
  if (!Number.isInteger(index) || index < 0 || index >= history.length - 1 || !target) return
  if (history.includes('UnsupportedChain')) {
    closeHandler?.()
  } else {
    routerStore.set({ view: target, history: history.slice(0, index + 1), data: undefined })
  }
  followUpBackNavigation(view)
}
