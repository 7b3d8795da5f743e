// The start's look for a share seal key at its old default place, beside the PGlite folder (where
// a copy or backup of the data takes it along). With no key configured, the server would make a
// new one in the config folder; if the database's wallets are sealed with the old one, that new
// key would open none of their recovery shares. So the server stops and says to move it. An old
// file that opens none of them (a throwaway database, another deployment's) is left alone.
import { existsSync, readFileSync } from 'node:fs'
import type { Queryable } from '../db/database'
import type { EmbeddedWalletConfig } from './embedded-wallet-config'
import { createShareSeal } from './share-seal'
import { keyBesideDataInUse, keyFileBesideData, parseShareSealKey } from './share-seal-key'

function keyIdOf(file: string): string | undefined {
  try {
    return createShareSeal(parseShareSealKey(readFileSync(file, 'utf8'), file)).keyId
  } catch {
    // Not a key (or not readable): nothing the database could be sealed with.
    return undefined
  }
}

/** Throws ShareSealKeyError when the wallets need the key file left beside the data folder. */
export async function refuseKeyBesideData(
  db: Queryable,
  settings: Pick<EmbeddedWalletConfig, 'shareSealKey' | 'shareSealKeyFile'>,
  dataDir: string,
): Promise<void> {
  if (settings.shareSealKey !== undefined || settings.shareSealKeyFile !== undefined) return
  const oldFile = keyFileBesideData(dataDir)
  if (!existsSync(oldFile)) return
  const keyId = keyIdOf(oldFile)
  if (keyId === undefined) return
  const { rows } = await db.query('SELECT 1 FROM embedded_wallets WHERE seal_key_id = $1 LIMIT 1', [
    keyId,
  ])
  if (rows.length > 0) throw keyBesideDataInUse(oldFile)
}
