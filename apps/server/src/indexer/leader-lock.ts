// One indexer per chain when several servers share a PostgreSQL database: the leader of a
// chain holds a session-level advisory lock on a connection of its own (a pooled connection
// could be closed or reused, silently dropping or leaking the lock). If that connection is
// lost, so is leadership, everywhere at once. PGlite belongs to one process: it always leads.
//
// Leadership saves work; correctness does not rest on it: every batch moves the checkpoint
// compare-and-set (indexer-store.ts), so a stale leader's write is refused.
import pg from 'pg'
import { INDEXER_LOCK_CLASS_ID } from './indexer-constants'

export interface LeaderLock {
  /** Takes the chain's lock if free; true if this process holds it (now or already). */
  acquire(chainId: number): Promise<boolean>
  holds(chainId: number): boolean
  close(): Promise<void>
}

/** The second key of the lock: the chain id folded into an int4. */
function lockObjectId(chainId: number): number {
  return Number(BigInt.asIntN(32, BigInt(chainId)))
}

export function singleProcessLock(): LeaderLock {
  return {
    acquire: async () => true,
    holds: () => true,
    close: async () => {},
  }
}

export function postgresAdvisoryLock(databaseUrl: string): LeaderLock {
  let client: pg.Client | undefined
  let connecting: Promise<pg.Client> | undefined
  let closed = false
  const held = new Set<number>()

  const drop = (lost: pg.Client) => {
    if (client !== lost) return
    client = undefined
    held.clear()
    lost.end().catch(() => {})
  }

  async function connection(): Promise<pg.Client> {
    if (client) return client
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 })
      next.on('error', () => drop(next))
      next.on('end', () => drop(next))
      try {
        await next.connect()
      } catch (error) {
        await next.end().catch(() => {})
        throw error
      }
      client = next
      return next
    })().finally(() => {
      connecting = undefined
    })
    return connecting
  }

  return {
    async acquire(chainId) {
      if (closed) return false
      if (held.has(chainId)) return true
      const current = await connection()
      const { rows } = await current.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1::int4, $2::int4) AS locked',
        [INDEXER_LOCK_CLASS_ID, lockObjectId(chainId)],
      )
      if (rows[0]?.locked && client === current) held.add(chainId)
      return held.has(chainId)
    },
    holds: (chainId) => !closed && held.has(chainId),
    async close() {
      closed = true
      held.clear()
      const current = client
      client = undefined
      // Ending the session releases its advisory locks.
      await current?.end().catch(() => {})
    },
  }
}
