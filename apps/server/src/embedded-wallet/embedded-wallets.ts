// A user's wallet: its address, the auth share as given, and the recovery share sealed
// (share-seal.ts) for this user and address. The device share never reaches the server.
import type { Queryable } from '../db/database'
import type { ShareSeal } from './share-seal'

export interface StoredWallet {
  address: string
  authShare: string
  sealedRecoveryShare: Buffer
  sealKeyId: string
}

interface WalletRow {
  address: string
  auth_share: string
  recovery_share_sealed: string
  seal_key_id: string
}

/** What the sealed share is bound to: a row's sealed share opens only on its own row. */
export function sealBinding(userId: string, address: string): string {
  return `${userId}:${address.toLowerCase()}`
}

export async function findWallet(db: Queryable, userId: string): Promise<StoredWallet | undefined> {
  const { rows } = await db.query<WalletRow>(
    `SELECT address, auth_share, recovery_share_sealed, seal_key_id FROM embedded_wallets
      WHERE user_id = $1`,
    [userId],
  )
  const row = rows[0]
  return (
    row && {
      address: row.address,
      authShare: row.auth_share,
      sealedRecoveryShare: Buffer.from(row.recovery_share_sealed, 'base64'),
      sealKeyId: row.seal_key_id,
    }
  )
}

export interface WalletShares {
  address: string
  authShare: string
  recoveryShare: string
}

/** Stores the user's first wallet; false when the user has one already. */
export async function insertWallet(
  db: Queryable,
  seal: ShareSeal,
  userId: string,
  shares: WalletShares,
  now: number,
): Promise<boolean> {
  const sealed = seal.seal(shares.recoveryShare, sealBinding(userId, shares.address))
  const { rowCount } = await db.query(
    `INSERT INTO embedded_wallets (user_id, address, auth_share, recovery_share_sealed,
       seal_key_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (user_id) DO NOTHING`,
    [
      userId,
      shares.address,
      shares.authShare,
      sealed.toString('base64'),
      seal.keyId,
      new Date(now),
    ],
  )
  return rowCount === 1
}

/** Replaces both shares of the user's wallet; false when the stored address is another. */
export async function replaceShares(
  db: Queryable,
  seal: ShareSeal,
  userId: string,
  shares: WalletShares,
  now: number,
): Promise<boolean> {
  const sealed = seal.seal(shares.recoveryShare, sealBinding(userId, shares.address))
  const { rowCount } = await db.query(
    `UPDATE embedded_wallets SET auth_share = $3, recovery_share_sealed = $4, seal_key_id = $5,
       updated_at = $6
      WHERE user_id = $1 AND lower(address) = lower($2)`,
    [
      userId,
      shares.address,
      shares.authShare,
      sealed.toString('base64'),
      seal.keyId,
      new Date(now),
    ],
  )
  return rowCount === 1
}
