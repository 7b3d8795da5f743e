// Where the share seal key is kept: by default in the user's config folder, never in the data
// folder nor beside it, so a copy or backup of the data does not carry the key that opens its
// rows. A key left at the old default (beside the PGlite folder) that the database's wallets
// are sealed with stops the start, saying how to move it; moved, the same key opens them.
// Named .pglite.test.ts: it is about the embedded database's data folder, so the run against
// PostgreSQL (which has none) does not repeat it.
import { randomBytes } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { ensurePgliteTemplate } from '../test/pglite-template'
import { startServerProcess } from '../test/server-process'
import { createShareSeal } from './share-seal'
import {
  defaultShareSealKeyFile,
  keyFileBesideData,
  ShareSealKeyError,
  shareSealKeyFileOf,
} from './share-seal-key'
import { refuseKeyBesideData } from './share-seal-key-place'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A machine of its own: a home folder and a data folder holding a migrated PGlite database. */
async function freshMachine() {
  const root = mkdtempSync(join(tmpdir(), 'portico-seal-place-'))
  folders.push(root)
  const home = join(root, 'home')
  const dataDir = join(root, 'data', 'pglite')
  mkdirSync(home)
  cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })
  return { root, home, dataDir, homeKeyFile: join(home, '.config', 'portico', 'share-seal.key') }
}

/** Stores a wallet whose recovery share was sealed with `key`, as the embedded wallet does. */
async function storeWalletSealedWith(dataDir: string, key: Buffer): Promise<void> {
  const db = await openDatabase({ dataDir })
  try {
    await db.query(`INSERT INTO projects (id, name) VALUES ($1, 'Portico dev')`, [DEV_PROJECT_ID])
    await db.query(
      `INSERT INTO embedded_wallet_users (id, project_id, email, created_at)
       VALUES ('user-1', $1, 'ada@example.com', now())`,
      [DEV_PROJECT_ID],
    )
    const seal = createShareSeal(key)
    await db.query(
      `INSERT INTO embedded_wallets (user_id, address, auth_share, recovery_share_sealed,
         seal_key_id, created_at, updated_at)
       VALUES ('user-1', $1, 'auth', $2, $3, now(), now())`,
      [
        `0x${'ab'.repeat(20)}`,
        seal.seal(`0x${'5a'.repeat(33)}`, 'user-1').toString('base64'),
        seal.keyId,
      ],
    )
  } finally {
    await db.close()
  }
}

/** The server as `node` runs it, with nothing about the key in its environment but `env`. */
function startWith(machine: { home: string; dataDir: string }, env: NodeJS.ProcessEnv = {}) {
  return startServerProcess(
    {
      PATH: process.env.PATH,
      HOME: machine.home,
      DATA_DIR: machine.dataDir,
      PORT: '0',
      LOG_LEVEL: 'warn',
      PORTICO_INDEXER: '0',
      ...env,
    },
    { built: true },
  )
}

/** Its exit code if it stops on its own, else 'listening' (and then it is stopped). */
async function outcomeOf(server: ReturnType<typeof startWith>) {
  const outcome = await Promise.race([
    server.exited.then(({ code }) => code),
    server.url.then(() => 'listening' as const),
  ])
  if (outcome === 'listening') {
    server.child.kill('SIGTERM')
    await server.exited
  }
  return outcome
}

/** Every file under `folder` whose text holds `needle`. */
function filesHolding(folder: string, needle: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).toString('latin1').includes(needle))
}

describe('the share seal key file', () => {
  it('is made in the config folder by default, and nothing in or beside the data folder holds it', async () => {
    const machine = await freshMachine()
    const server = startWith(machine)
    try {
      await server.url
      const key = readFileSync(machine.homeKeyFile, 'utf8').trim()
      expect(key).toMatch(/^[0-9a-f]{64}$/)
      expect(statSync(machine.homeKeyFile).mode & 0o777).toBe(0o600)
      expect(statSync(dirname(machine.homeKeyFile)).mode & 0o777).toBe(0o700)
      // What a copy of the data folder, or of the folder holding it, would carry.
      expect(filesHolding(dirname(machine.dataDir), key)).toEqual([])
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
    }
  }, 120_000)

  it('stops the start while the wallets need the key left beside the data, and starts once it is moved', async () => {
    const machine = await freshMachine()
    const key = randomBytes(32)
    const oldFile = join(dirname(machine.dataDir), 'share-seal.key')
    writeFileSync(oldFile, `${key.toString('hex')}\n`, { mode: 0o600 })
    await storeWalletSealedWith(machine.dataDir, key)

    const refused = startWith(machine)
    expect(await outcomeOf(refused)).toBe(1)
    expect(refused.stderr()).toContain(
      `Portico server did not start: The embedded wallets in this database are sealed with the key in ${oldFile}, beside the data folder, where a copy or backup of the data takes it along. Move it out (mv ${oldFile} `,
    )
    // No new key was made in its place, which would open none of the wallets.
    expect(existsSync(machine.homeKeyFile)).toBe(false)

    mkdirSync(dirname(machine.homeKeyFile), { recursive: true })
    renameSync(oldFile, machine.homeKeyFile)
    const moved = startWith(machine)
    try {
      await moved.url
      expect(readFileSync(machine.homeKeyFile, 'utf8').trim()).toBe(key.toString('hex'))
    } finally {
      moved.child.kill('SIGTERM')
      await moved.exited
    }
  }, 120_000)

  it('does not start with a key file configured inside the data folder, directly or through a link, and writes none there', async () => {
    const machine = await freshMachine()
    const outside = join(machine.root, 'looks-outside')
    symlinkSync(machine.dataDir, outside)
    for (const keyFile of [join(machine.dataDir, 'seal.key'), join(outside, 'keys', 'seal.key')]) {
      const refused = startWith(machine, { PORTICO_SHARE_SEAL_KEY_FILE: keyFile })
      expect(await outcomeOf(refused)).toBe(1)
      expect(refused.stderr()).toContain(
        `Portico server did not start: PORTICO_SHARE_SEAL_KEY_FILE (${keyFile}) is inside the data folder ${machine.dataDir}: a copy of the data would carry the key that opens it; keep it elsewhere`,
      )
      expect(existsSync(keyFile)).toBe(false)
    }
  }, 120_000)
})

describe('refuseKeyBesideData', () => {
  it('leaves alone an old key file that opens none of the wallets, and a configured key', async () => {
    const machine = await freshMachine()
    const oldFile = keyFileBesideData(machine.dataDir)
    writeFileSync(oldFile, `${randomBytes(32).toString('hex')}\n`)
    const inUse = randomBytes(32)
    await storeWalletSealedWith(machine.dataDir, inUse)
    const db = await openDatabase({ dataDir: machine.dataDir })
    try {
      const none = { shareSealKey: undefined, shareSealKeyFile: undefined }
      await expect(refuseKeyBesideData(db, none, machine.dataDir)).resolves.toBeUndefined()
      writeFileSync(oldFile, `${inUse.toString('hex')}\n`)
      await expect(refuseKeyBesideData(db, none, machine.dataDir)).rejects.toThrow(
        ShareSealKeyError,
      )
      // The operator said where the key is: their choice, even beside the data.
      const named = { shareSealKey: undefined, shareSealKeyFile: oldFile }
      await expect(refuseKeyBesideData(db, named, machine.dataDir)).resolves.toBeUndefined()
      const given = { shareSealKey: inUse.toString('hex'), shareSealKeyFile: undefined }
      await expect(refuseKeyBesideData(db, given, machine.dataDir)).resolves.toBeUndefined()
    } finally {
      await db.close()
    }
  }, 120_000)
})

describe('shareSealKeyFileOf', () => {
  it('defaults to the config folder, away from the data', () => {
    const dataDir = join(tmpdir(), 'portico-somewhere', 'pglite')
    expect(defaultShareSealKeyFile()).toBe(join(homedir(), '.config', 'portico', 'share-seal.key'))
    expect(shareSealKeyFileOf(undefined, dataDir)).toBe(defaultShareSealKeyFile())
    expect(shareSealKeyFileOf('/run/secrets/seal.key', dataDir)).toBe('/run/secrets/seal.key')
  })

  it('refuses a key file inside the data folder', () => {
    const dataDir = join(tmpdir(), 'portico-somewhere', 'pglite')
    for (const inside of [join(dataDir, 'seal.key'), `${dataDir}/../pglite/base/seal.key`]) {
      expect(() => shareSealKeyFileOf(inside, dataDir)).toThrow(
        /^PORTICO_SHARE_SEAL_KEY_FILE \(.*\) is inside the data folder .*: a copy of the data would carry the key that opens it; keep it elsewhere$/,
      )
    }
  })

  it('sees through symbolic links: a data folder reached through one, a key folder that is one', () => {
    const root = mkdtempSync(join(tmpdir(), 'portico-seal-links-'))
    folders.push(root)
    const real = join(root, 'disk', 'pglite')
    mkdirSync(real, { recursive: true })
    symlinkSync(real, join(root, 'data'))
    symlinkSync(join(real, 'keys'), join(root, 'keys'))
    for (const [keyFile, dataDir] of [
      [join(real, 'seal.key'), join(root, 'data')],
      [join(root, 'keys', 'seal.key'), real],
      [join(root, 'keys', 'new', 'seal.key'), join(root, 'data')],
    ] as const) {
      expect(() => shareSealKeyFileOf(keyFile, dataDir), keyFile).toThrow(ShareSealKeyError)
    }
    // A folder beside the data, through a link or not, is apart from it.
    symlinkSync(join(root, 'disk'), join(root, 'disk-link'))
    const beside = join(root, 'disk-link', 'secrets', 'seal.key')
    expect(shareSealKeyFileOf(beside, join(root, 'data'))).toBe(beside)
  })
})
