// localStorage when the page has a working one; memory otherwise. localStorage is missing in
// Node, throws on access in some sandboxed frames, and throws on write in private mode or when
// full: each of those falls back to memory for the affected key, never to an exception.

const memory = /* @__PURE__ */ new Map<string, string>()

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined
  } catch {
    return undefined
  }
}

export function readRaw(key: string): string | null {
  try {
    const value = browserStorage()?.getItem(key)
    if (value !== null && value !== undefined) return value
  } catch {
    // unreadable storage: the memory copy below is all there is
  }
  return memory.get(key) ?? null
}

export function writeRaw(key: string, value: string): void {
  const storage = browserStorage()
  try {
    if (!storage) throw new Error('no localStorage')
    storage.setItem(key, value)
    memory.delete(key)
  } catch {
    memory.set(key, value)
    try {
      // An older value left in localStorage must not shadow the newer one kept in memory.
      storage?.removeItem(key)
    } catch {
      // nothing more to do: reads fall back to memory
    }
  }
}

export function removeRaw(key: string): void {
  memory.delete(key)
  try {
    browserStorage()?.removeItem(key)
  } catch {
    // nothing stored there, or nothing reachable: either way the key is gone for us
  }
}

/** Tests only: forget what the memory fallback holds. */
export function clearMemoryFallback(): void {
  memory.clear()
}
