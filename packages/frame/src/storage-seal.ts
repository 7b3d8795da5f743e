// The frame's secrets at rest (the device share, the session token) are AES-256-GCM
// ciphertext under a key that cannot leave the browser's crypto: made with extractable false
// and kept as a CryptoKey in IndexedDB (wrap-key-store.ts). What localStorage and IndexedDB
// hold, read as data, is ciphertext and a handle no API exports.
//
// What this does not stop: a script running on the frame's origin can still ask the browser to
// decrypt with the handle (so the frame's origin must run only our code), and the browser
// writes the key's bytes in its own IndexedDB files on disk (a copy of the whole profile
// carries them). It is a lock on the storage as the web exposes it, not on the machine.
import { base64url, fromBase64url } from './base64url'
import type { WrapKeyStore } from './wrap-key-store'

export interface StorageSeal {
  /** `plain` encrypted; `context` (the storage key and clear fields) is bound to it. */
  seal(context: string, plain: string): Promise<string>
  /** The plain text, or undefined when `sealed` was not sealed with this key and context. */
  open(context: string, sealed: string): Promise<string | undefined>
}

/** Ours: IndexedDB that does not answer in this time is taken as unavailable. */
export const WRAP_KEY_TIMEOUT_MS = 5_000

const ALGORITHM = { name: 'AES-GCM', length: 256 } as const
const IV_BYTES = 12

const encoder = new TextEncoder()

/** Only an AES-GCM key that cannot be exported, able to encrypt and decrypt, is used. */
function isWrapKey(value: unknown): value is CryptoKey {
  if (typeof CryptoKey === 'undefined' || !(value instanceof CryptoKey)) return false
  return (
    value.type === 'secret' &&
    value.extractable === false &&
    value.algorithm.name === ALGORITHM.name &&
    value.usages.includes('encrypt') &&
    value.usages.includes('decrypt')
  )
}

/** This origin's wrap key: the stored one, or a new one stored first (the first tab's wins). */
async function wrapKeyOf(keys: WrapKeyStore): Promise<CryptoKey> {
  const stored = await keys.get()
  if (isWrapKey(stored)) return stored
  if (stored !== undefined) throw new Error('The stored wrap key is not one the frame made')
  const fresh = await crypto.subtle.generateKey(ALGORITHM, false, ['encrypt', 'decrypt'])
  await keys.add(fresh)
  const kept = await keys.get()
  if (!isWrapKey(kept)) throw new Error('The wrap key could not be stored')
  return kept
}

function sealWith(key: CryptoKey): StorageSeal {
  return {
    async seal(context, plain) {
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
      const data = await crypto.subtle.encrypt(
        { name: ALGORITHM.name, iv, additionalData: encoder.encode(context) },
        key,
        encoder.encode(plain),
      )
      return `${base64url(iv)}.${base64url(new Uint8Array(data))}`
    },
    async open(context, sealed) {
      const [ivText, dataText, ...rest] = sealed.split('.')
      const iv = ivText === undefined ? undefined : fromBase64url(ivText)
      const data = dataText === undefined ? undefined : fromBase64url(dataText)
      if (!iv || iv.length !== IV_BYTES || !data || rest.length > 0) return undefined
      try {
        const plain = await crypto.subtle.decrypt(
          { name: ALGORITHM.name, iv, additionalData: encoder.encode(context) },
          key,
          data,
        )
        return new TextDecoder().decode(plain)
      } catch {
        // Another key (IndexedDB was cleared), another slot's text, or altered bytes.
        return undefined
      }
    },
  }
}

/**
 * The seal of this origin, or undefined where IndexedDB or WebCrypto cannot keep a key (then
 * the frame keeps its secrets in memory only, never in the clear: frame-storage.ts).
 */
export async function openStorageSeal(
  keys: WrapKeyStore | undefined,
  timeoutMs = WRAP_KEY_TIMEOUT_MS,
): Promise<StorageSeal | undefined> {
  if (!keys || typeof crypto === 'undefined' || !crypto.subtle) return undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs)
  })
  try {
    const key = await Promise.race([wrapKeyOf(keys), timeout])
    return key && sealWith(key)
  } catch {
    return undefined
  } finally {
    clearTimeout(timer)
  }
}
