import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getRouterView, pushView, resetView, routerStore, setRouterCloseHandler } from './router'
import {
  cancelTransactionStack,
  completeTransactionStack,
  pushTransactionStack,
} from './transaction-stack'

beforeEach(() => {
  routerStore.reset()
  setRouterCloseHandler(vi.fn())
})

afterEach(() => {
  setRouterCloseHandler(undefined)
})

describe('transaction stack', () => {
  beforeEach(() => {
    resetView('Account')
    pushView('Send')
    pushView('SendPreview')
  })

  it('navigates nothing when a transaction starts', () => {
    const before = routerStore.get().history
    pushTransactionStack({ view: 'Account' })
    expect(routerStore.get().history).toBe(before)
    expect(routerStore.get().transactionStack).toHaveLength(1)
  })

  it('returns to Account after a successful fungible token send', () => {
    const onSuccess = vi.fn()
    pushTransactionStack({ view: 'Account', onSuccess })
    completeTransactionStack()
    expect(routerStore.get()).toMatchObject({
      view: 'Account',
      history: ['Account'],
      transactionStack: [],
    })
    expect(onSuccess).toHaveBeenCalledTimes(1)
  })

  it('leaves the user where they are after a native send, whose stack has no view', () => {
    const onSuccess = vi.fn()
    pushTransactionStack({ onSuccess })
    completeTransactionStack()
    expect(routerStore.get()).toMatchObject({
      view: 'SendPreview',
      history: ['Account', 'Send', 'SendPreview'],
    })
    expect(onSuccess).toHaveBeenCalledTimes(1)
  })

  it('goes back on success when the stack asks to', () => {
    pushView('ApproveTransaction')
    pushTransactionStack({ goBack: true })
    completeTransactionStack()
    expect(getRouterView()).toBe('SendPreview')
  })

  it('replaces the current view on success when the stack asks to', () => {
    pushTransactionStack({ view: 'RegisterAccountNameSuccess', replace: true })
    completeTransactionStack()
    expect(routerStore.get().history).toEqual(['Account', 'Send', 'RegisterAccountNameSuccess'])
  })

  it('goes back and calls onCancel when the transaction is cancelled', () => {
    const onCancel = vi.fn()
    const onSuccess = vi.fn()
    pushTransactionStack({ view: 'Account', onSuccess, onCancel })
    cancelTransactionStack()
    expect(getRouterView()).toBe('Send')
    expect(onCancel).toHaveBeenCalledTimes(1)
    expect(onSuccess).not.toHaveBeenCalled()
    expect(routerStore.get().transactionStack).toEqual([])
  })

  it('ends the most recent transaction first', () => {
    const first = vi.fn()
    const second = vi.fn()
    pushTransactionStack({ onSuccess: first })
    pushTransactionStack({ onSuccess: second })
    completeTransactionStack()
    expect(second).toHaveBeenCalled()
    expect(first).not.toHaveBeenCalled()
    expect(routerStore.get().transactionStack).toHaveLength(1)
  })

  it('keeps at most 99 pending transactions: the oldest is dropped, and its end navigates nothing', () => {
    const oldest = { view: 'Account', onSuccess: vi.fn() } as const
    pushTransactionStack(oldest)
    const newer = Array.from({ length: 99 }, () => ({ onSuccess: vi.fn() }))
    for (const action of newer) pushTransactionStack(action)
    expect(routerStore.get().transactionStack).toEqual(newer)

    for (const _ of [oldest, ...newer]) completeTransactionStack()
    for (const action of newer) expect(action.onSuccess).toHaveBeenCalledTimes(1)
    expect(oldest.onSuccess).not.toHaveBeenCalled()
    // The oldest one would have reset to Account.
    expect(routerStore.get().history).toEqual(['Account', 'Send', 'SendPreview'])
  })

  it('does nothing when no transaction is pending', () => {
    const before = routerStore.get()
    completeTransactionStack()
    cancelTransactionStack()
    expect(routerStore.get()).toBe(before)
  })
})
