// Database on PGlite (PostgreSQL in wasm) in a data folder, run on a thread of its own
// (pglite-thread.ts). One connection: statements run one at a time, and a transaction holds
// the connection until it ends.
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { lockDataFolder, unlockDataFolder } from './data-folder-lock'
import type { Database, Queryable, QueryResult } from './database'
import { PgliteThread } from './pglite-thread'

function queryable(thread: PgliteThread, tx?: number): Queryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> {
      return (await thread.request({
        op: 'query',
        sql,
        params: [...params],
        tx,
      })) as QueryResult<Row>
    },
    async exec(sql: string): Promise<void> {
      await thread.request({ op: 'exec', sql, tx })
    },
  }
}

/** Opens (creating if needed) the data folder; the folder is locked to this process. */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  mkdirSync(dirname(dataDir), { recursive: true })
  lockDataFolder(dataDir)
  let thread: PgliteThread
  try {
    thread = await PgliteThread.open(dataDir, (error) => {
      // Nothing can be stored or read any more: end the process, as a crash of PGlite on the
      // server's own thread did, so that whatever runs the server starts it again.
      process.nextTick(() => {
        throw error
      })
    })
  } catch (error) {
    unlockDataFolder(dataDir)
    throw error
  }
  return {
    kind: 'pglite',
    ...queryable(thread),
    async transaction(work) {
      const tx = (await thread.request({ op: 'begin' })) as number
      let result: Awaited<ReturnType<typeof work>>
      try {
        result = await work(queryable(thread, tx))
      } catch (error) {
        // The work's own error is the one to report, even if the rollback fails too (a thread
        // that is gone has nothing to roll back).
        await thread.request({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw error
      }
      await thread.request({ op: 'end', tx, commit: true })
      return result
    },
    async close() {
      await thread.close()
      unlockDataFolder(dataDir)
    },
  }
}
