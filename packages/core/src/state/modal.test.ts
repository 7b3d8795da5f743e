import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addCloseGuard,
  closeModal,
  isModalCloseBlocked,
  isModalOpen,
  modalStore,
  openModal,
  setModalLoading,
} from './modal'
import { goBack, pushView, routerStore, setRouterCloseHandler } from './router'

const removeGuards: (() => void)[] = []

beforeEach(() => {
  modalStore.reset()
  routerStore.reset()
})

afterEach(() => {
  for (const remove of removeGuards.splice(0)) remove()
  setRouterCloseHandler(undefined)
})

describe('opening the modal', () => {
  it('opens on Connect for a visitor who is not connected', () => {
    openModal()
    expect(isModalOpen()).toBe(true)
    expect(routerStore.get()).toMatchObject({ view: 'Connect', history: ['Connect'] })
  })

  it('opens on Account for a connected visitor', () => {
    openModal({ isConnected: true })
    expect(routerStore.get().view).toBe('Account')
  })

  it('opens on the view asked for, with its data, whatever the connection', () => {
    openModal({ view: 'Networks', isConnected: true, data: { caipNetworkId: 'eip155:1' } })
    expect(routerStore.get()).toMatchObject({
      view: 'Networks',
      history: ['Networks'],
      data: { caipNetworkId: 'eip155:1' },
    })
  })

  it('starts fresh: views left open last time are gone', () => {
    openModal()
    pushView('AllWallets')
    closeModal()
    openModal()
    expect(routerStore.get().history).toEqual(['Connect'])
  })
})

describe('closing the modal', () => {
  it('closes an open modal', () => {
    openModal()
    expect(closeModal()).toBe(true)
    expect(isModalOpen()).toBe(false)
  })

  it('closes when going back from Connect with nothing behind', () => {
    openModal()
    goBack()
    expect(isModalOpen()).toBe(false)
  })

  it('closes when going back is blocked by UnsupportedChain', () => {
    openModal({ view: 'UnsupportedChain' })
    pushView('SwitchNetwork')
    goBack()
    expect(isModalOpen()).toBe(false)
  })

  it('stays open while a close guard vetoes, and closes once it is removed', () => {
    openModal()
    const remove = addCloseGuard(() => true)
    // What the header reads to offer no close button meanwhile.
    expect(isModalCloseBlocked()).toBe(true)
    expect(closeModal()).toBe(false)
    expect(isModalOpen()).toBe(true)
    remove()
    expect(isModalCloseBlocked()).toBe(false)
    expect(closeModal()).toBe(true)
    expect(isModalOpen()).toBe(false)
  })

  it('closes when every guard lets it', () => {
    openModal()
    removeGuards.push(addCloseGuard(() => false))
    expect(closeModal()).toBe(true)
  })

  it('keeps the loading flag of work still running', () => {
    openModal()
    setModalLoading(true)
    expect(modalStore.get().loading).toBe(true)
    setModalLoading(false)
    expect(modalStore.get().loading).toBe(false)
  })
})
