import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addCloseGuard, closeModal, isModalOpen, modalStore, openModal } from '../state/modal'
import { goBack, routerStore, setRouterCloseHandler } from '../state/router'
import { signInCloseGuard } from './sign-in-close-guard'

const removeGuards: (() => void)[] = []

beforeEach(() => {
  modalStore.reset()
  routerStore.reset()
})

afterEach(() => {
  for (const remove of removeGuards.splice(0)) remove()
  setRouterCloseHandler(undefined)
})

describe('the sign-in close guard', () => {
  let required = true
  let session = false

  beforeEach(() => {
    required = true
    session = false
    removeGuards.push(
      addCloseGuard(signInCloseGuard({ isRequired: () => required, hasSession: () => session })),
    )
  })

  it.each(['SIWXSignMessage', 'ApproveTransaction'] as const)(
    'keeps the modal open on %s while sign-in is required and there is no session',
    (view) => {
      openModal({ view })
      expect(closeModal()).toBe(false)
      expect(isModalOpen()).toBe(true)
    },
  )

  it('lets the modal close once a session exists', () => {
    openModal({ view: 'SIWXSignMessage' })
    session = true
    expect(closeModal()).toBe(true)
  })

  it('lets the modal close when sign-in is optional', () => {
    required = false
    openModal({ view: 'SIWXSignMessage' })
    expect(closeModal()).toBe(true)
  })

  it('lets the modal close from any other view', () => {
    openModal({ view: 'Account' })
    expect(closeModal()).toBe(true)
  })

  it('also keeps the modal open when going back from the sign view', () => {
    openModal({ view: 'SIWXSignMessage' })
    goBack()
    expect(isModalOpen()).toBe(true)
  })
})
