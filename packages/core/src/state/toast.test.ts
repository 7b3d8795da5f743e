import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { hideToast, showError, showLoading, showSuccess, toastStore } from './toast'

beforeEach(() => {
  vi.useFakeTimers()
  hideToast()
  toastStore.reset()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('toast', () => {
  it('shows a success message at once when no toast is open', () => {
    showSuccess('Address copied')
    expect(toastStore.get()).toMatchObject({
      message: 'Address copied',
      variant: 'success',
      open: true,
      autoClose: true,
    })
  })

  it('shows an error with its own icon', () => {
    showError('Token Balance Unavailable', { svg: 'warning' })
    expect(toastStore.get()).toMatchObject({ variant: 'error', svg: 'warning', open: true })
  })

  it('closes an open toast and shows the next message 150 ms later', () => {
    showSuccess('Address copied')
    showError('Failed to disconnect')
    expect(toastStore.get()).toMatchObject({ message: 'Address copied', open: false })
    vi.advanceTimersByTime(149)
    expect(toastStore.get().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toastStore.get()).toMatchObject({
      message: 'Failed to disconnect',
      variant: 'error',
      open: true,
    })
  })

  it('shows only the last of several messages sent during a swap', () => {
    showSuccess('One')
    showSuccess('Two')
    vi.advanceTimersByTime(100)
    showSuccess('Three')
    vi.advanceTimersByTime(100)
    expect(toastStore.get().open).toBe(false)
    vi.advanceTimersByTime(50)
    expect(toastStore.get()).toMatchObject({ message: 'Three', open: true })
  })

  it('closes success and error toasts on their own after 2.2 s', () => {
    showSuccess('Address copied')
    vi.advanceTimersByTime(2199)
    expect(toastStore.get().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(toastStore.get().open).toBe(false)
  })

  it('keeps a loading toast until it is replaced or hidden', () => {
    showLoading('Authenticating...')
    expect(toastStore.get()).toMatchObject({ variant: 'loading', autoClose: false, open: true })
    vi.advanceTimersByTime(60_000)
    expect(toastStore.get().open).toBe(true)
    hideToast()
    expect(toastStore.get().open).toBe(false)
  })

  it('keeps a toast whose auto close was turned off', () => {
    showError('Signature declined', { autoClose: false })
    vi.advanceTimersByTime(60_000)
    expect(toastStore.get().open).toBe(true)
  })

  it('does not let the first toast’s timer close the second one early', () => {
    showSuccess('One')
    vi.advanceTimersByTime(2000)
    showSuccess('Two')
    vi.advanceTimersByTime(150 + 2199)
    expect(toastStore.get()).toMatchObject({ message: 'Two', open: true })
    vi.advanceTimersByTime(1)
    expect(toastStore.get().open).toBe(false)
  })

  it('drops a message still waiting to appear when hidden', () => {
    showSuccess('One')
    showSuccess('Two')
    hideToast()
    vi.advanceTimersByTime(1000)
    expect(toastStore.get()).toMatchObject({ message: 'One', open: false })
  })

  it('shows a message at once after the previous toast has closed', () => {
    showSuccess('One')
    vi.advanceTimersByTime(2200)
    showSuccess('Two')
    expect(toastStore.get()).toMatchObject({ message: 'Two', open: true })
  })
})
