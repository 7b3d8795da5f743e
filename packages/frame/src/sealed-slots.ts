// The frame's secrets in localStorage, each sealed (storage-seal.ts) beside the few fields that
// are not secret, e.g. `{"address":"0x..","sealed":"<iv>.<ciphertext>"}`. The clear fields are
// bound to the ciphertext, so an edited address opens nothing.
//
// WebCrypto is asynchronous and the frame reads its storage synchronously, so each secret has
// a copy in memory: `load()` (at the start of each request the frame handles) reads what
// storage holds, another tab's writes included, and `set` changes the copy at once and seals
// it into storage behind. Where there is no seal (no IndexedDB or WebCrypto), or sealing fails,
// the secret stays in memory for this page only: it is never written in the clear.
// A value stored in the clear by an earlier frame is read once, then sealed (or, without a
// seal, taken out of storage).
import type { KeyValueStore } from './frame-storage'
import type { StorageSeal } from './storage-seal'

export interface SlotCodec<T> {
  /** The localStorage key. */
  key: string
  /** The value as the fields kept in the clear and the one secret string. */
  split(value: T): { clear: Record<string, string>; secret: string }
  join(clear: Record<string, unknown>, secret: string): T | undefined
  /** The value as a frame before sealing stored it (all fields in the clear), if it is one. */
  legacy(stored: Record<string, unknown>): T | undefined
}

export interface SealedSlot<T> {
  get(): T | undefined
  /** Undefined removes it from storage at once. */
  set(value: T | undefined): void
}

interface Slot {
  codec: SlotCodec<unknown>
  value: unknown
  /** The storage text the copy was read from or written as; undefined before the first load. */
  raw: string | null | undefined
  /** Bumped by each set: a slower seal or read of an older value then writes nothing. */
  generation: number
  writes: number
}

function parseRecord(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** What the ciphertext is bound to: the slot and its clear fields as stored. */
const contextOf = (key: string, clear: Record<string, unknown>) =>
  `${key}\n${JSON.stringify(clear)}`

export function createSealedSlots(
  store: KeyValueStore,
  sealReady: Promise<StorageSeal | undefined>,
) {
  const slots: Slot[] = []
  const pending = new Set<Promise<void>>()
  let loading: Promise<void> | undefined

  async function decode(slot: Slot, raw: string | null, seal: StorageSeal | undefined) {
    const stored = raw === null ? undefined : parseRecord(raw)
    if (!stored) return { value: undefined, plain: false }
    const { sealed, ...clear } = stored
    if (typeof sealed !== 'string') return { value: slot.codec.legacy(stored), plain: true }
    const secret = seal && (await seal.open(contextOf(slot.codec.key, clear), sealed))
    return {
      value: secret === undefined ? undefined : slot.codec.join(clear, secret),
      plain: false,
    }
  }

  function write(slot: Slot, value: unknown): void {
    slot.generation += 1
    slot.value = value
    const { generation } = slot
    const { key } = slot.codec
    if (value === undefined) {
      store.removeItem(key)
      slot.raw = null
      return
    }
    slot.writes += 1
    const job = sealReady
      .then(async (seal) => {
        if (!seal) throw new Error('no seal')
        const { clear, secret } = slot.codec.split(value)
        const sealed = await seal.seal(contextOf(key, clear), secret)
        if (generation !== slot.generation) return
        const raw = JSON.stringify({ ...clear, sealed })
        store.setItem(key, raw)
        slot.raw = raw
      })
      .catch(() => {
        // Kept in memory only; whatever storage held for this slot is older: it goes.
        if (generation !== slot.generation) return
        store.removeItem(key)
        slot.raw = null
      })
      .finally(() => {
        slot.writes -= 1
        pending.delete(job)
      })
    pending.add(job)
  }

  async function refresh(slot: Slot, seal: StorageSeal | undefined): Promise<void> {
    // A write of ours is on its way: the copy in memory is newer than storage.
    if (slot.writes > 0) return
    const raw = store.getItem(slot.codec.key)
    if (raw === slot.raw) return
    const { generation } = slot
    const { value, plain } = await decode(slot, raw, seal)
    if (generation !== slot.generation || slot.writes > 0) return
    slot.raw = raw
    slot.value = value
    if (plain) write(slot, value)
  }

  return {
    slot<T>(codec: SlotCodec<T>): SealedSlot<T> {
      const slot: Slot = {
        codec: codec as SlotCodec<unknown>,
        value: undefined,
        raw: undefined,
        generation: 0,
        writes: 0,
      }
      slots.push(slot)
      return {
        get: () => slot.value as T | undefined,
        set: (value) => write(slot, value),
      }
    },
    /** Reads every slot from storage into memory (once at a time). */
    load(): Promise<void> {
      loading ??= (async () => {
        const seal = await sealReady
        await Promise.all(slots.map((slot) => refresh(slot, seal)))
      })().finally(() => {
        loading = undefined
      })
      return loading
    },
    /** Resolves when every value set so far is sealed in storage, or known to stay in memory. */
    async flush(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending)
    },
  }
}
