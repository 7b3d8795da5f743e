// The in-process cache: an LRU of the spec's size (8192 entries), a lifetime per entry.
// Values are stored as JSON text so callers cannot mutate a cached value by accident and get
// the same shapes as from Redis.
import { CACHE_SIZE } from '../constants'
import { type Cache, type Clock, systemClock } from './cache'
import { LruMap } from './lru-map'

export class MemoryCache implements Cache {
  readonly #entries: LruMap<string>

  constructor(maxEntries = CACHE_SIZE, clock: Clock = systemClock) {
    this.#entries = new LruMap(maxEntries, clock)
  }

  get size(): number {
    return this.#entries.size
  }

  async get<T>(key: string): Promise<T | undefined> {
    const text = this.#entries.get(key)
    return text === undefined ? undefined : (JSON.parse(text) as T)
  }

  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    if (value === undefined) return this.delete(key)
    this.#entries.set(key, JSON.stringify(value), ttlMs)
  }

  async delete(key: string): Promise<void> {
    this.#entries.delete(key)
  }
}
