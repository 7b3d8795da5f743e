// The seal on the recovery share and where its key comes from: a sealed share opens only with
// its key and for the row it was sealed for, any changed byte is refused, and without a
// configured key one is made once into a file (0600) that later starts read back.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { createShareSeal } from './share-seal'
import { loadShareSealKey, shareSealKeyFileOf } from './share-seal-key'

const folder = mkdtempSync(join(tmpdir(), 'portico-seal-test-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const share = `0x${'5a'.repeat(33)}`

describe('share seal', () => {
  it('opens a sealed share with its key and binding, never shows it in the sealed bytes', () => {
    const seal = createShareSeal(randomBytes(32))
    const sealed = seal.seal(share, 'user-1:0xabc')
    expect(sealed.toString('latin1')).not.toContain(share)
    expect(sealed.toString('hex')).not.toContain(share.slice(2))
    expect(seal.unseal(sealed, 'user-1:0xabc')).toBe(share)
    // A fresh IV each time: the same share seals to different bytes.
    expect(seal.seal(share, 'user-1:0xabc').equals(sealed)).toBe(false)
  })

  it('refuses another key, another binding and any changed byte', () => {
    const key = randomBytes(32)
    const sealed = createShareSeal(key).seal(share, 'user-1:0xabc')
    expect(() => createShareSeal(randomBytes(32)).unseal(sealed, 'user-1:0xabc')).toThrow()
    expect(() => createShareSeal(key).unseal(sealed, 'user-2:0xabc')).toThrow()
    for (let i = 0; i < sealed.length; i++) {
      const changed = Buffer.from(sealed)
      changed[i] = (changed[i] ?? 0) ^ 1
      expect(() => createShareSeal(key).unseal(changed, 'user-1:0xabc')).toThrow()
    }
  })

  it('names its key without showing it, and keys the code hash apart from the seal', () => {
    const key = randomBytes(32)
    const seal = createShareSeal(key)
    expect(seal.keyId).toMatch(/^[0-9a-f]{16}$/)
    expect(key.toString('hex')).not.toContain(seal.keyId)
    expect(seal.codeKey.equals(key)).toBe(false)
    expect(createShareSeal(key).keyId).toBe(seal.keyId)
    expect(() => createShareSeal(randomBytes(16))).toThrow('32 bytes')
  })
})

describe('share seal key', () => {
  it('makes a key file once (mode 0600) and reads it back', () => {
    const file = shareSealKeyFileOf(
      join(folder, 'keys', 'seal.key'),
      join(folder, 'data', 'pglite'),
    )
    expect(file).toBe(join(folder, 'keys', 'seal.key'))
    const made = loadShareSealKey(undefined, file)
    expect(made).toHaveLength(32)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(made.toString('hex'))
    expect(loadShareSealKey(undefined, file).equals(made)).toBe(true)
  })

  it('takes the configured key over the file, and refuses a key file that is not a key', () => {
    const key = randomBytes(32).toString('hex')
    const file = join(folder, 'never-made.key')
    expect(loadShareSealKey(key, file).toString('hex')).toBe(key)
    expect(() => statSync(file)).toThrow()
    const bad = join(folder, 'bad.key')
    writeFileSync(bad, 'not a key\n')
    expect(() => loadShareSealKey(undefined, bad)).toThrow('must be 64 hex digits')
  })

  it('refuses a malformed PORTICO_SHARE_SEAL_KEY or SMTP_URL at start', () => {
    expect(() => loadConfig({ PORTICO_SHARE_SEAL_KEY: 'abc' })).toThrow(ConfigError)
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      'SMTP_URL must be an smtp:// or smtps:// URL',
    )
    const config = loadConfig({
      SMTP_URL: 'smtp://127.0.0.1:1025',
      PORTICO_MAIL_FROM: 'Shop <codes@shop.example>',
    })
    expect(config.embeddedWallet.smtpUrl).toBe('smtp://127.0.0.1:1025')
    expect(config.embeddedWallet.mailFrom).toBe('Shop <codes@shop.example>')
  })
})
