// In-memory key-value storage for WalletConnect clients in Node tests: nothing on disk, nothing
// shared between clients or test files.
export class MemoryStorage {
  readonly #entries = new Map<string, unknown>()
  async getKeys(): Promise<string[]> {
    return [...this.#entries.keys()]
  }
  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.#entries.entries()] as [string, T][]
  }
  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    return this.#entries.get(key) as T | undefined
  }
  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.#entries.set(key, structuredClone(value))
  }
  async removeItem(key: string): Promise<void> {
    this.#entries.delete(key)
  }
}
