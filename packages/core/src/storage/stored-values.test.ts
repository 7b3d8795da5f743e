import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearMemoryFallback } from './fallback-storage'
import { PORTICO_STORAGE_PREFIX, STORAGE_KEYS, WALLET_FRAME_STORAGE_PREFIX } from './storage-keys'
import { readStored, removeStored, writeStored } from './stored-values'

class MemoryLocalStorage {
  items = new Map<string, string>()
  failWrites = false
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError')
    this.items.set(key, value)
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
}

function installLocalStorage() {
  const storage = new MemoryLocalStorage()
  vi.stubGlobal('localStorage', storage)
  return storage
}

afterEach(() => {
  vi.unstubAllGlobals()
  clearMemoryFallback()
})

describe('stored keys', () => {
  it("keeps the e-mail login keys under the host page's own prefix, not the frame's", () => {
    expect(STORAGE_KEYS.email).toBe('@portico/email')
    expect(STORAGE_KEYS.smartAccountEnabledNetworks.startsWith('@portico/')).toBe(true)
    expect(new Set(Object.values(STORAGE_KEYS)).size).toBe(Object.keys(STORAGE_KEYS).length)
    for (const key of Object.values(STORAGE_KEYS)) {
      expect(key.startsWith(PORTICO_STORAGE_PREFIX)).toBe(true)
      expect(key.startsWith(WALLET_FRAME_STORAGE_PREFIX)).toBe(false)
    }
  })

  it('remembers a connection across reloads through localStorage', () => {
    const storage = installLocalStorage()
    writeStored('connectionStatus', 'connected')
    writeStored('recentWallets', [{ id: 'io.metamask', name: 'MetaMask' }])
    expect(storage.getItem(STORAGE_KEYS.connectionStatus)).toBe('"connected"')
    expect(readStored('connectionStatus')).toBe('connected')
    expect(readStored('recentWallets')).toEqual([{ id: 'io.metamask', name: 'MetaMask' }])
  })

  it('forgets a removed key', () => {
    installLocalStorage()
    writeStored('deepLink', { name: 'Rainbow', href: 'rainbow://' })
    removeStored('deepLink')
    expect(readStored('deepLink')).toBeUndefined()
  })

  it('reads nothing for a key never stored', () => {
    installLocalStorage()
    expect(readStored('email')).toBeUndefined()
  })

  it('ignores a stored value that is not JSON or has the wrong shape', () => {
    const storage = installLocalStorage()
    storage.setItem(STORAGE_KEYS.lastEmailLoginTime, 'not json')
    storage.setItem(STORAGE_KEYS.recentWallets, '[{"id":1}]')
    storage.setItem(STORAGE_KEYS.connectionStatus, '"sideways"')
    storage.setItem(STORAGE_KEYS.smartAccountEnabledNetworks, '[1,"2"]')
    expect(readStored('lastEmailLoginTime')).toBeUndefined()
    expect(readStored('recentWallets')).toBeUndefined()
    expect(readStored('connectionStatus')).toBeUndefined()
    expect(readStored('smartAccountEnabledNetworks')).toBeUndefined()
  })

  it('works in memory when there is no localStorage (Node)', () => {
    expect(globalThis.localStorage).toBeUndefined()
    writeStored('lastUsedChain', 'solana')
    expect(readStored('lastUsedChain')).toBe('solana')
    removeStored('lastUsedChain')
    expect(readStored('lastUsedChain')).toBeUndefined()
  })

  it('works in memory when reaching localStorage throws (sandboxed frame)', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    writeStored('emailLoginUsed', true)
    expect(readStored('emailLoginUsed')).toBe(true)
    removeStored('emailLoginUsed')
    expect(readStored('emailLoginUsed')).toBeUndefined()
  })

  it('keeps the newest value when storage is full, not an older stored one', () => {
    const storage = installLocalStorage()
    writeStored('email', 'old@example.com')
    storage.failWrites = true
    writeStored('email', 'new@example.com')
    expect(readStored('email')).toBe('new@example.com')
    storage.failWrites = false
    writeStored('email', 'later@example.com')
    expect(storage.getItem(STORAGE_KEYS.email)).toBe('"later@example.com"')
    expect(readStored('email')).toBe('later@example.com')
  })
})
