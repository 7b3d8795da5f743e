import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  getRouterView,
  goBack,
  goBackToIndex,
  onBackNavigation,
  pushView,
  replaceView,
  resetView,
  routerStore,
  setRouterCloseHandler,
} from './router'

const closeModal = vi.fn()

beforeEach(() => {
  routerStore.reset()
  closeModal.mockReset()
  setRouterCloseHandler(closeModal)
})

afterEach(() => {
  setRouterCloseHandler(undefined)
  vi.useRealTimers()
})

describe('router navigation', () => {
  it('starts at Connect with nothing behind it', () => {
    expect(routerStore.get()).toMatchObject({
      view: 'Connect',
      history: ['Connect'],
      data: undefined,
    })
  })

  it('opens a pushed view on top of the current one, with its data', () => {
    pushView('ConnectingExternal', { connectorId: 'io.metamask' })
    expect(routerStore.get()).toMatchObject({
      view: 'ConnectingExternal',
      history: ['Connect', 'ConnectingExternal'],
      data: { connectorId: 'io.metamask' },
    })
    expect(getRouterView()).toBe('ConnectingExternal')
  })

  it('ignores a push of the view already shown', () => {
    pushView('AllWallets', { walletId: 'a' })
    const before = routerStore.get()
    pushView('AllWallets', { walletId: 'b' })
    expect(routerStore.get()).toBe(before)
  })

  it('replaces the current view without growing the history', () => {
    resetView('Account')
    pushView('Send')
    replaceView('SendPreview', { caipNetworkId: 'eip155:1' })
    expect(routerStore.get()).toMatchObject({
      view: 'SendPreview',
      history: ['Account', 'SendPreview'],
      data: { caipNetworkId: 'eip155:1' },
    })
  })

  it('resets to a view with nothing behind it', () => {
    pushView('AllWallets')
    pushView('ConnectingWalletConnect')
    resetView('Account')
    expect(routerStore.get()).toMatchObject({ view: 'Account', history: ['Account'] })
  })

  it('goes back to the previous view and drops the data of the view left', () => {
    pushView('AllWallets')
    pushView('ConnectingWalletConnect', { walletId: 'rainbow' })
    goBack()
    expect(routerStore.get()).toMatchObject({
      view: 'AllWallets',
      history: ['Connect', 'AllWallets'],
      data: undefined,
    })
    expect(closeModal).not.toHaveBeenCalled()
  })

  it('closes the modal when going back from Connect with nothing behind', () => {
    goBack()
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(routerStore.get().history).toEqual(['Connect'])
  })

  it('blocks going back while the history holds UnsupportedChain, and closes the modal', () => {
    resetView('Account')
    pushView('UnsupportedChain')
    pushView('SwitchNetwork')
    goBack()
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(routerStore.get()).toMatchObject({
      view: 'SwitchNetwork',
      history: ['Account', 'UnsupportedChain', 'SwitchNetwork'],
    })
  })

  it('closes the modal when going back from UnsupportedChain itself', () => {
    resetView('Account')
    pushView('UnsupportedChain')
    goBack()
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(getRouterView()).toBe('UnsupportedChain')
  })

  it('goes back to a view by its place in the history', () => {
    resetView('Account')
    pushView('Send')
    pushView('SendPreview')
    pushView('ApproveTransaction')
    goBackToIndex(1)
    expect(routerStore.get()).toMatchObject({ view: 'Send', history: ['Account', 'Send'] })
  })

  it.each([-1, 3, 4, 1.5, Number.NaN])(
    'ignores going back to index %s, which is not behind',
    (index) => {
      resetView('Account')
      pushView('Send')
      pushView('SendPreview')
      pushView('ApproveTransaction')
      const before = routerStore.get()
      goBackToIndex(index)
      expect(routerStore.get()).toBe(before)
      expect(closeModal).not.toHaveBeenCalled()
    },
  )

  it('blocks going back to an index while the history holds UnsupportedChain', () => {
    resetView('UnsupportedChain')
    pushView('Networks')
    pushView('SwitchNetwork')
    goBackToIndex(1)
    expect(closeModal).toHaveBeenCalledTimes(1)
    expect(getRouterView()).toBe('SwitchNetwork')
  })

  it('does nothing harmful when going back closes a modal nobody registered', () => {
    setRouterCloseHandler(undefined)
    expect(() => goBack()).not.toThrow()
  })
})

describe('back-navigation follow-up', () => {
  it('runs 100 ms after going back, with the view that was left', () => {
    vi.useFakeTimers()
    const followUp = vi.fn()
    const stop = onBackNavigation(followUp)
    pushView('ConnectingFarcaster')
    goBack()
    vi.advanceTimersByTime(99)
    expect(followUp).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(followUp).toHaveBeenCalledWith('ConnectingFarcaster')
    stop()
  })

  it('also follows a back that closed the modal', () => {
    vi.useFakeTimers()
    const followUp = vi.fn()
    const stop = onBackNavigation(followUp)
    goBack()
    vi.advanceTimersByTime(100)
    expect(followUp).toHaveBeenCalledWith('Connect')
    stop()
  })

  it('stops following once unsubscribed', () => {
    vi.useFakeTimers()
    const followUp = vi.fn()
    onBackNavigation(followUp)()
    pushView('Networks')
    goBack()
    vi.advanceTimersByTime(100)
    expect(followUp).not.toHaveBeenCalled()
  })
})
