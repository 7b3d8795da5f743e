// Where the share seal key comes from: PORTICO_SHARE_SEAL_KEY (64 hex digits) when set; else a
// key file, made once with a random key (mode 0600) and read on every later start. The file's
// default place is the user's config folder (~/.config/portico/share-seal.key), away from the
// data: a copy or backup of the data folder must not carry the key that opens its rows. It was
// once beside the PGlite folder; a key left there that the database's wallets were sealed with
// stops the start (share-seal-key-place.ts) rather than be passed over or left where copies
// take it.
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs'
import { homedir } from 'node:os'
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path'

const KEY_HEX = /^[0-9a-fA-F]{64}$/

export class ShareSealKeyError extends Error {
  override readonly name = 'ShareSealKeyError'
}

export function parseShareSealKey(hex: string, from: string): Buffer {
  const trimmed = hex.trim()
  if (!KEY_HEX.test(trimmed)) throw new ShareSealKeyError(`${from} must be 64 hex digits`)
  return Buffer.from(trimmed, 'hex')
}

function makeKeyFile(keyFile: string): Buffer {
  const made = randomBytes(32)
  try {
    mkdirSync(dirname(keyFile), { recursive: true, mode: 0o700 })
    // 'wx': two servers starting at once on one folder must not each write a key.
    writeFileSync(keyFile, `${made.toString('hex')}\n`, { mode: 0o600, flag: 'wx' })
    return made
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return parseShareSealKey(readFileSync(keyFile, 'utf8'), keyFile)
    }
    throw new ShareSealKeyError(
      `The share seal key file ${keyFile} could not be made (${(error as Error).message}): set PORTICO_SHARE_SEAL_KEY, or PORTICO_SHARE_SEAL_KEY_FILE to a place the server can write, apart from the data`,
    )
  }
}

/** The configured key, or the key file's (created when missing). */
export function loadShareSealKey(key: string | undefined, keyFile: string): Buffer {
  if (key !== undefined) return parseShareSealKey(key, 'PORTICO_SHARE_SEAL_KEY')
  try {
    return parseShareSealKey(readFileSync(keyFile, 'utf8'), keyFile)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  return makeKeyFile(keyFile)
}

/** The key file when PORTICO_SHARE_SEAL_KEY_FILE is unset: in the user's config folder. */
export function defaultShareSealKeyFile(): string {
  return join(homedir(), '.config', 'portico', 'share-seal.key')
}

function isInside(path: string, folder: string): boolean {
  const rest = relative(folder, path)
  return rest === '' || (!rest.startsWith('..') && !isAbsolute(rest))
}

/**
 * Where `path` really is: symbolic links along it followed as far as it exists (the file, or
 * the folder it would be made in, may not exist yet), the rest appended as written.
 */
function realPathOf(path: string, linksLeft = 40): string {
  const absolute = resolve(path)
  try {
    return realpathSync(absolute)
  } catch {
    // Not there yet, or a link to what is not there yet: go on from the part that is.
  }
  const parent = dirname(absolute)
  if (parent === absolute) return absolute
  const inParent = join(realPathOf(parent, linksLeft), basename(absolute))
  try {
    // A link whose target is not made yet (the key file, or its folder, made on first start);
    // at most as many links as the kernel follows, so a loop of links ends.
    if (linksLeft === 0) return inParent
    return realPathOf(resolve(dirname(inParent), readlinkSync(inParent)), linksLeft - 1)
  } catch {
    return inParent
  }
}

/**
 * The key file: the configured one, else the default; never inside the PGlite data folder,
 * whichever way either is spelled (a symbolic link into the data, or a data folder reached
 * through one): refused rather than warned about, since every copy of the data would carry it.
 */
export function shareSealKeyFileOf(configured: string | undefined, dataDir: string): string {
  const file = resolve(configured ?? defaultShareSealKeyFile())
  if (isInside(file, resolve(dataDir)) || isInside(realPathOf(file), realPathOf(dataDir))) {
    throw new ShareSealKeyError(
      `PORTICO_SHARE_SEAL_KEY_FILE (${file}) is inside the data folder ${dataDir}: a copy of the data would carry the key that opens it; keep it elsewhere`,
    )
  }
  return file
}

/** Where the key file was made before it moved to the config folder: beside the PGlite folder. */
export function keyFileBesideData(dataDir: string): string {
  return join(dirname(resolve(dataDir)), 'share-seal.key')
}

/** The refusal when the database's wallets were sealed with the key beside the data folder. */
export function keyBesideDataInUse(oldFile: string): ShareSealKeyError {
  return new ShareSealKeyError(
    `The embedded wallets in this database are sealed with the key in ${oldFile}, beside the data folder, where a copy or backup of the data takes it along. Move it out (mv ${oldFile} ${defaultShareSealKeyFile()}, the default place now), or say where it is with PORTICO_SHARE_SEAL_KEY_FILE or PORTICO_SHARE_SEAL_KEY`,
  )
}
