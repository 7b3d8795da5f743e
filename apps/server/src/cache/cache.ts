// A key-value cache with a lifetime per entry. Values are JSON-serialisable (the Redis
// implementation stores JSON), so both implementations give back the same shapes.

export interface Cache {
  get<T>(key: string): Promise<T | undefined>
  set<T>(key: string, value: T, ttlMs: number): Promise<void>
  delete(key: string): Promise<void>
}

/** Milliseconds since the epoch; injectable so tests move time by hand. */
export type Clock = () => number

export const systemClock: Clock = () => Date.now()
