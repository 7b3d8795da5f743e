// The sealed session and device share between tabs and over time, on an in-memory IndexedDB
// and Node's WebCrypto: two tabs that open at once agree on one wrap key, a sign-out during a
// seal is not undone by it, and a browser whose IndexedDB was cleared reads nothing.
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createFrameStorage, FRAME_STORAGE_KEYS } from './frame-storage'
import { openStorageSeal } from './storage-seal'
import { memoryStore } from './test/memory-storage'
import { indexedDbWrapKeys } from './wrap-key-store'

const SHARE = `0x${'ab'.repeat(33)}`
const ADDRESS = `0x${'12'.repeat(20)}`
const SESSION = { token: 'T'.repeat(43), expiresAt: new Date(Date.now() + 60_000).toISOString() }

function tab(memory: Map<string, string>, indexedDb: IDBFactory) {
  return createFrameStorage(memoryStore(memory), openStorageSeal(indexedDbWrapKeys(indexedDb)))
}

describe('the sealed secrets of the frame', () => {
  it('lets two tabs opened at once agree on one wrap key and read each other’s writes', async () => {
    const memory = new Map<string, string>()
    const indexedDb = new IDBFactory()
    const [first, second] = [tab(memory, indexedDb), tab(memory, indexedDb)]
    first.saveDeviceShare({ address: ADDRESS, share: SHARE })
    second.saveLogin(SESSION, 'a@example.com')
    await Promise.all([first.flush(), second.flush()])
    await Promise.all([first.load(), second.load()])
    expect(first.session()).toEqual(SESSION)
    expect(second.deviceShare()).toEqual({ address: ADDRESS, share: SHARE })
    expect([...memory.values()].join()).not.toContain(SHARE.slice(2))
    expect([...memory.values()].join()).not.toContain(SESSION.token)
  })

  it('does not write back a session that was signed out while it was being sealed', async () => {
    const memory = new Map<string, string>()
    const storage = tab(memory, new IDBFactory())
    storage.saveLogin(SESSION, 'a@example.com')
    storage.clearLogin()
    await storage.flush()
    expect(memory.has(FRAME_STORAGE_KEYS.session)).toBe(false)
    await storage.load()
    expect(storage.session()).toBeUndefined()
  })

  it('reads nothing when the wrap key is gone (IndexedDB cleared), and stores anew', async () => {
    const memory = new Map<string, string>()
    const before = tab(memory, new IDBFactory())
    before.saveDeviceShare({ address: ADDRESS, share: SHARE })
    await before.flush()
    const after = tab(memory, new IDBFactory())
    await after.load()
    expect(after.deviceShare()).toBeUndefined()
    after.saveDeviceShare({ address: ADDRESS, share: SHARE })
    await after.flush()
    const reloaded = tab(memory, new IDBFactory())
    await reloaded.load()
    expect(reloaded.deviceShare()).toBeUndefined()
  })

  it('uses no stored key it did not make: one that can be exported is refused', async () => {
    const memory = new Map<string, string>()
    const indexedDb = new IDBFactory()
    const exportable = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
      'encrypt',
      'decrypt',
    ])
    await indexedDbWrapKeys(indexedDb).add(exportable)
    expect(await openStorageSeal(indexedDbWrapKeys(indexedDb))).toBeUndefined()
    // No seal: the secret stays in memory, nothing goes to storage.
    const storage = tab(memory, indexedDb)
    storage.saveDeviceShare({ address: ADDRESS, share: SHARE })
    await storage.flush()
    expect(storage.deviceShare()).toEqual({ address: ADDRESS, share: SHARE })
    expect(memory.has(FRAME_STORAGE_KEYS.deviceShare)).toBe(false)
  })
})
