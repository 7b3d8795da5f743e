// The modal: open or closed, and a loading flag for work the whole modal waits on (disconnect,
// account type change). Closing asks the close guards first; any of them may keep it open.
import { liveEmailLogin } from './embedded-wallet'
import {
  pushView,
  type RouterData,
  type RouterView,
  resetView,
  setRouterCloseHandler,
} from './router'
import { createStore } from './store'

export interface ModalState {
  open: boolean
  loading: boolean
}

export const modalStore = /* @__PURE__ */ createStore<ModalState>(() => ({
  open: false,
  loading: false,
}))

/** Returns true to keep the modal open. */
export type CloseGuard = () => boolean

const closeGuards = /* @__PURE__ */ new Set<CloseGuard>()

export function addCloseGuard(guard: CloseGuard): () => void {
  closeGuards.add(guard)
  return () => closeGuards.delete(guard)
}

export interface OpenModalOptions {
  /**
   * The view to open on; without it, Account when connected, else Connect (with the code step
   * of an e-mail login under way on top, Back leading to Connect).
   */
  view?: RouterView
  data?: RouterData
  isConnected?: boolean
}

export function isModalOpen(): boolean {
  return modalStore.get().open
}

export function openModal(options: OpenModalOptions = {}): void {
  setRouterCloseHandler(closeModal)
  resetView(options.view ?? (options.isConnected ? 'Account' : 'Connect'), options.data)
  const email = options.view || options.isConnected ? undefined : liveEmailLogin()
  if (email !== undefined) pushView('EmailVerifyOtp', { email })
  modalStore.set({ open: true })
}

/** Whether a close guard keeps the modal open now: the header then offers no close button. */
export function isModalCloseBlocked(): boolean {
  for (const guard of closeGuards) if (guard()) return true
  return false
}

/** Closes the modal unless a close guard keeps it open. Returns whether it is closed. */
export function closeModal(): boolean {
  if (!modalStore.get().open) return true
  if (isModalCloseBlocked()) return false
  modalStore.set({ open: false })
  return true
}

export function setModalLoading(loading: boolean): void {
  modalStore.set({ loading })
}
