// The frame's storage in a test browser: its localStorage as a Map and its IndexedDB (where the
// wrap key lives) as an in-memory IndexedDB tied to that Map, both kept across its reloads.
import { IDBFactory } from 'fake-indexeddb'
import { createFrameStorage, type FrameStorage, type KeyValueStore } from '../frame-storage'
import { openStorageSeal } from '../storage-seal'
import { indexedDbWrapKeys } from '../wrap-key-store'

const databases = new WeakMap<Map<string, string>, IDBFactory>()

/** The IndexedDB of the browser whose localStorage is `memory`. */
export function browserIndexedDb(memory: Map<string, string>): IDBFactory {
  let factory = databases.get(memory)
  if (!factory) {
    factory = new IDBFactory()
    databases.set(memory, factory)
  }
  return factory
}

export function memoryStore(memory: Map<string, string>): KeyValueStore {
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  }
}

/** The storage seal of that browser's frame origin (its wrap key in its IndexedDB). */
export function browserSeal(memory: Map<string, string>) {
  return openStorageSeal(indexedDbWrapKeys(browserIndexedDb(memory)))
}

export function memoryStorage(memory: Map<string, string>): FrameStorage {
  return createFrameStorage(memoryStore(memory), browserSeal(memory))
}
