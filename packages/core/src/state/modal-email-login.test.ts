import { afterEach, describe, expect, it } from 'vitest'
import { writeStored } from '../storage'
import { removeStored } from '../storage/stored-values'
import { setClock } from '../time/clock'
import { embeddedWalletStore, setPendingEmail } from './embedded-wallet'
import { modalStore, openModal } from './modal'
import { routerStore } from './router'

const SENT_AT = Date.parse('2026-12-07T10:00:00Z')

function at(now: number) {
  setClock({
    now: () => now,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
}

afterEach(() => {
  setClock()
  modalStore.reset()
  routerStore.reset()
  embeddedWalletStore.reset()
  removeStored('lastEmailLoginTime')
})

describe('opening the modal while an e-mail login waits for its code', () => {
  it('opens on the code step, with Connect behind it, while the mailed code lives', () => {
    setPendingEmail('visitor@example.test')
    writeStored('lastEmailLoginTime', SENT_AT)
    at(SENT_AT + 9 * 60_000)
    openModal()
    expect(routerStore.get()).toMatchObject({
      view: 'EmailVerifyOtp',
      history: ['Connect', 'EmailVerifyOtp'],
      data: { email: 'visitor@example.test' },
    })
  })

  it('opens on Connect once the code is 10 minutes old, or when asked for another view', () => {
    setPendingEmail('visitor@example.test')
    writeStored('lastEmailLoginTime', SENT_AT)
    at(SENT_AT + 10 * 60_000)
    openModal()
    expect(routerStore.get().view).toBe('Connect')
    at(SENT_AT + 60_000)
    openModal({ view: 'WhatIsAWallet' })
    expect(routerStore.get().view).toBe('WhatIsAWallet')
    openModal({ isConnected: true })
    expect(routerStore.get().view).toBe('Account')
  })
})
