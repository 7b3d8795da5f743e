import { describe, expect, it, vi } from 'vitest'
import { createStore } from './store'

describe('createStore', () => {
  it('notifies subscribers with the new and previous state on a change', () => {
    const store = createStore(() => ({ count: 0, label: 'a' }))
    const listener = vi.fn()
    store.subscribe(listener)
    store.set({ count: 1 })
    expect(listener).toHaveBeenCalledWith({ count: 1, label: 'a' }, { count: 0, label: 'a' })
  })

  it('keeps the same snapshot and stays silent when a patch changes nothing', () => {
    const store = createStore(() => ({ count: 0 }))
    const before = store.get()
    const listener = vi.fn()
    store.subscribe(listener)
    store.set({ count: 0 })
    expect(store.get()).toBe(before)
    expect(listener).not.toHaveBeenCalled()
  })

  it('resets to a fresh initial state', () => {
    const store = createStore(() => ({ items: [] as number[] }))
    store.set((state) => ({ items: [...state.items, 1] }))
    store.reset()
    expect(store.get().items).toEqual([])
  })
})
