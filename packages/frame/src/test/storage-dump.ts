// Everything a test browser's frame origin holds at rest, read as an attacker with access to its
// storage would copy it out: every localStorage entry and every record of every IndexedDB
// database, as data (JSON).
import { browserIndexedDb } from './memory-storage'

export interface StorageDump {
  localStorage: Record<string, string>
  /** database -> object store -> records. */
  indexedDb: Record<string, Record<string, { key: unknown; value: unknown }[]>>
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

export async function dumpBrowserStorage(memory: Map<string, string>): Promise<StorageDump> {
  const factory = browserIndexedDb(memory)
  const indexedDb: StorageDump['indexedDb'] = {}
  for (const { name } of await factory.databases()) {
    if (name === undefined) continue
    const database = await result(factory.open(name))
    const stores: StorageDump['indexedDb'][string] = {}
    for (const store of Array.from(database.objectStoreNames)) {
      const objects = database.transaction(store).objectStore(store)
      const [keys, values] = await Promise.all([
        result(objects.getAllKeys()),
        result(objects.getAll()),
      ])
      stores[store] = keys.map((key, index) => ({ key, value: values[index] }))
    }
    database.close()
    indexedDb[name] = stores
  }
  return { localStorage: Object.fromEntries(memory), indexedDb }
}

/** The dump as the text an attacker takes away. */
export const dumpText = (dump: StorageDump) => JSON.stringify(dump)
