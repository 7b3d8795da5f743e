// The toast (docs/product.md#toast): one message at a time. Showing a message while another is
// open closes the open one first; the new one appears TOAST_SWAP_DELAY_MS later. Success and
// error toasts close on their own after TOAST_AUTO_CLOSE_MS; loading toasts stay until
// replaced or hidden (e.g. 'Authenticating...').
import { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS } from '../constants'
import { clock } from '../time/clock'
import { createStore } from './store'

export type ToastVariant = 'success' | 'loading' | 'error'

export interface ToastState {
  message: string
  variant: ToastVariant
  /** An icon to show instead of the variant's own. */
  svg: string | undefined
  open: boolean
  autoClose: boolean
}

export interface ToastOptions {
  svg?: string
  /** Defaults to true for success and error, false for loading. */
  autoClose?: boolean
}

export const toastStore = /* @__PURE__ */ createStore<ToastState>(() => ({
  message: '',
  variant: 'success',
  svg: undefined,
  open: false,
  autoClose: true,
}))

let swapTimer: unknown
let autoCloseTimer: unknown

function cancelTimers(): void {
  if (swapTimer !== undefined) clock.clearTimeout(swapTimer)
  if (autoCloseTimer !== undefined) clock.clearTimeout(autoCloseTimer)
  swapTimer = undefined
  autoCloseTimer = undefined
}

function display(toast: ToastState): void {
  toastStore.set(toast)
  if (toast.autoClose) autoCloseTimer = clock.setTimeout(hideToast, TOAST_AUTO_CLOSE_MS)
}

function showToast(variant: ToastVariant, message: string, options: ToastOptions): void {
  const swapping = toastStore.get().open || swapTimer !== undefined
  cancelTimers()
  const next: ToastState = {
    message,
    variant,
    svg: options.svg,
    open: true,
    autoClose: options.autoClose ?? variant !== 'loading',
  }
  if (!swapping) {
    display(next)
    return
  }
  toastStore.set({ open: false })
  swapTimer = clock.setTimeout(() => {
    swapTimer = undefined
    display(next)
  }, TOAST_SWAP_DELAY_MS)
}

export function showSuccess(message: string, options: ToastOptions = {}): void {
  showToast('success', message, options)
}

export function showLoading(message: string, options: ToastOptions = {}): void {
  showToast('loading', message, options)
}

export function showError(message: string, options: ToastOptions = {}): void {
  showToast('error', message, options)
}

/** Closes the toast now and drops any message waiting to appear. */
export function hideToast(): void {
  cancelTimers()
  toastStore.set({ open: false })
}
