// A bounded map that forgets its least recently used entry first, with a lifetime per entry.
// Synchronous, for in-process use (the memory cache, the project cache, rate-limit windows).
import { type Clock, systemClock } from './cache'

interface Entry<V> {
  value: V
  expiresAt: number
}

export class LruMap<V> {
  // A Map iterates in insertion order: re-inserting on read keeps the oldest entry first.
  readonly #entries = new Map<string, Entry<V>>()

  constructor(
    readonly maxEntries: number,
    readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new RangeError('maxEntries must be a positive integer')
    }
  }

  get size(): number {
    return this.#entries.size
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    if (entry.expiresAt <= this.clock()) return undefined
    this.#entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: V, ttlMs: number): void {
    this.#entries.delete(key)
    if (ttlMs <= 0) return
    this.#entries.set(key, { value, expiresAt: this.clock() + ttlMs })
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next()
      if (oldest.done) break
      this.#entries.delete(oldest.value)
    }
  }

  delete(key: string): void {
    this.#entries.delete(key)
  }

  clear(): void {
    this.#entries.clear()
  }
}
