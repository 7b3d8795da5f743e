// The frame's storage over a Map: one test browser's localStorage, kept across its reloads.
import { createFrameStorage, type FrameStorage } from '../frame-storage'

export function memoryStorage(memory: Map<string, string>): FrameStorage {
  return createFrameStorage({
    getItem: (key) => memory.get(key) ?? null,
    setItem: (key, value) => void memory.set(key, value),
    removeItem: (key) => void memory.delete(key),
  })
}
