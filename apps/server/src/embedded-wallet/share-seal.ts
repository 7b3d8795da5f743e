// Seals the recovery share (AES-256-GCM) with a key that is configuration, never stored in the
// database: a copy of the database holds the share only sealed. The sealed bytes are bound to
// their user and address (GCM's additional data), so a sealed share copied onto another row
// does not open there. The same key, through HKDF, also keys the hash of login codes, so a
// database copy does not let one test the million possible codes offline either.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/** Layout of a sealed share: version (1 byte) | IV (12) | tag (16) | ciphertext. */
const VERSION = 1
const IV_BYTES = 12
const TAG_BYTES = 16

export interface ShareSeal {
  /** Names the key (a hash of it): a row sealed under another key says so instead of failing. */
  readonly keyId: string
  seal(share: string, boundTo: string): Buffer
  /** Throws when the bytes were not sealed by this key for `boundTo`, or were changed. */
  unseal(sealed: Buffer, boundTo: string): string
  /** The key the login codes are hashed with (HMAC-SHA256). */
  readonly codeKey: Buffer
}

export function createShareSeal(key: Buffer): ShareSeal {
  if (key.length !== 32) throw new RangeError('The share seal key must be 32 bytes')
  const sealKey = Buffer.from(hkdfSync('sha256', key, '', 'portico share seal v1', 32))
  const codeKey = Buffer.from(hkdfSync('sha256', key, '', 'portico login code hash v1', 32))
  const keyId = createHash('sha256').update(key).digest('hex').slice(0, 16)
  return {
    keyId,
    codeKey,
    seal(share, boundTo) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv)
      cipher.setAAD(Buffer.from(boundTo, 'utf8'))
      const body = Buffer.concat([cipher.update(share, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body])
    },
    unseal(sealed, boundTo) {
      if (sealed.length < 1 + IV_BYTES + TAG_BYTES || sealed[0] !== VERSION) {
        throw new Error('not a sealed share')
      }
      const iv = sealed.subarray(1, 1 + IV_BYTES)
      const tag = sealed.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES)
      const decipher = createDecipheriv('aes-256-gcm', sealKey, iv)
      decipher.setAAD(Buffer.from(boundTo, 'utf8'))
      decipher.setAuthTag(tag)
      const body = sealed.subarray(1 + IV_BYTES + TAG_BYTES)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}
