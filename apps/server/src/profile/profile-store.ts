// Registered names in the database (table profile_names, migration create_profile_names). The
// table's own constraints decide who holds a name: the name is its primary key and an address
// is unique, so of two registrations racing for a name (or for one address) exactly one row is
// written, whichever instance or connection they arrive on.

import type { ProfileAccount } from '@portico/protocol/profile'
import { chainIdOfCoinType, ETHEREUM_COIN_TYPE } from '@portico/protocol/profile-name'
import { getAddress } from 'viem'
import type { Queryable } from '../db/database'

interface NameRow {
  name: string
  address: string
  coin_type: bigint
  attributes: Record<string, string>
  registered_at: Date
  updated_at: Date
}

export interface NewName {
  /** Whole and lowercase, zone included. */
  name: string
  /** Lowercase 0x hex. */
  address: string
  coinType: number
  attributes: Record<string, string>
}

export type RegisterOutcome =
  | { registered: true; account: ProfileAccount }
  | { registered: false; taken: 'name' | 'address' }

const COLUMNS = 'name, address, coin_type, attributes, registered_at, updated_at'

/** A row as the peer's clients read a name: its address under the coin type it was given for. */
function toAccount(row: NameRow): ProfileAccount {
  const address = { address: getAddress(row.address), created: row.registered_at.toISOString() }
  const coinType = Number(row.coin_type)
  const addresses: ProfileAccount['addresses'] = { [String(coinType)]: address }
  // ENS clients read a name's Ethereum address at coin type 60: a name registered on mainnet
  // answers there too.
  if (chainIdOfCoinType(coinType) === 1) addresses[String(ETHEREUM_COIN_TYPE)] = address
  return {
    name: row.name,
    registered_at: row.registered_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    addresses,
    attributes: row.attributes,
  }
}

export class ProfileStore {
  constructor(private readonly db: Queryable) {}

  /** `name` whole and lowercase. */
  async byName(name: string): Promise<ProfileAccount | undefined> {
    const { rows } = await this.db.query<NameRow>(
      `SELECT ${COLUMNS} FROM profile_names WHERE name = $1`,
      [name],
    )
    return rows[0] && toAccount(rows[0])
  }

  /** `address` lowercase 0x hex. */
  async byAddress(address: string): Promise<ProfileAccount | undefined> {
    const { rows } = await this.db.query<NameRow>(
      `SELECT ${COLUMNS} FROM profile_names WHERE address = $1`,
      [address],
    )
    return rows[0] && toAccount(rows[0])
  }

  /** Which of `names` (whole, lowercase) are registered. */
  async registered(names: readonly string[]): Promise<Set<string>> {
    const { rows } = await this.db.query<{ name: string }>(
      'SELECT name FROM profile_names WHERE name = ANY($1::text[])',
      [names],
    )
    return new Set(rows.map((row) => row.name))
  }

  /**
   * Writes the name unless the name or the address is held already: the insert that loses a
   * race writes nothing (ON CONFLICT DO NOTHING) and is told which was taken.
   */
  async register(entry: NewName): Promise<RegisterOutcome> {
    const { rows } = await this.db.query<NameRow>(
      `INSERT INTO profile_names (name, address, coin_type, attributes)
       VALUES ($1, $2, $3, $4::jsonb)
       ON CONFLICT DO NOTHING
       RETURNING ${COLUMNS}`,
      [entry.name, entry.address, entry.coinType, JSON.stringify(entry.attributes)],
    )
    const row = rows[0]
    if (row) return { registered: true, account: toAccount(row) }
    const holder = await this.byName(entry.name)
    return { registered: false, taken: holder ? 'name' : 'address' }
  }
}
