// Where the share seal key comes from: PORTICO_SHARE_SEAL_KEY (64 hex digits) when set; else a
// key file, made once with a random key (mode 0600) and read on every later start. The file
// sits beside the PGlite folder, not inside it, so a copy of the database does not take it.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const KEY_HEX = /^[0-9a-fA-F]{64}$/

export class ShareSealKeyError extends Error {
  override readonly name = 'ShareSealKeyError'
}

export function parseShareSealKey(hex: string, from: string): Buffer {
  const trimmed = hex.trim()
  if (!KEY_HEX.test(trimmed)) throw new ShareSealKeyError(`${from} must be 64 hex digits`)
  return Buffer.from(trimmed, 'hex')
}

/** The configured key, or the key file's (created when missing). */
export function loadShareSealKey(key: string | undefined, keyFile: string): Buffer {
  if (key !== undefined) return parseShareSealKey(key, 'PORTICO_SHARE_SEAL_KEY')
  try {
    return parseShareSealKey(readFileSync(keyFile, 'utf8'), keyFile)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dirname(keyFile), { recursive: true })
  const made = randomBytes(32)
  try {
    // 'wx': two servers starting at once on one folder must not each write a key.
    writeFileSync(keyFile, `${made.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    return made
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return parseShareSealKey(readFileSync(keyFile, 'utf8'), keyFile)
  }
}

/** The key file: the configured one, else share-seal.key in the folder holding the PGlite one. */
export function shareSealKeyFileOf(configured: string | undefined, dataDir: string): string {
  return configured ?? join(dirname(dataDir), 'share-seal.key')
}
