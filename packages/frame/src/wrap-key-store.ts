// Where the frame keeps the key that wraps its secrets at rest: one AES-GCM CryptoKey, made
// non-extractable, in this origin's IndexedDB. IndexedDB stores the CryptoKey object itself (a
// structured clone), never its bytes as a value: a script reading the database gets a handle
// that crypto.subtle.exportKey refuses, and JSON or a storage export shows it as `{}`.
const DATABASE = '@portico-wallet'
const STORE = 'keys'
const WRAP_KEY_ID = 'storage-wrap-key'

export interface WrapKeyStore {
  /** What is stored under the wrap key's id (checked by the caller), or undefined. */
  get(): Promise<unknown>
  /** Stores `key` unless one is there already (another tab of this origin won the race). */
  add(key: CryptoKey): Promise<void>
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1)
  request.onupgradeneeded = () => request.result.createObjectStore(STORE)
  return requestResult(request)
}

async function inTransaction<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase(factory)
  try {
    const transaction = database.transaction(STORE, mode)
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve()
      transaction.onabort = () => reject(transaction.error)
    })
    // Both awaited together: a refused request also aborts its transaction.
    const [result] = await Promise.all([requestResult(work(transaction.objectStore(STORE))), done])
    return result
  } finally {
    database.close()
  }
}

export function indexedDbWrapKeys(factory: IDBFactory): WrapKeyStore {
  return {
    get: () => inTransaction(factory, 'readonly', (store) => store.get(WRAP_KEY_ID)),
    async add(key) {
      try {
        await inTransaction(factory, 'readwrite', (store) => store.add(key, WRAP_KEY_ID))
      } catch (error) {
        // `add` never overwrites: a key already there is the one every tab must use.
        if ((error as DOMException | null)?.name !== 'ConstraintError') throw error
      }
    },
  }
}
