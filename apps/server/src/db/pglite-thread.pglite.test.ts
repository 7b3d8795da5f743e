// PGlite on its own thread: what crosses between the threads arrives as the server's code
// expects it (values, PostgreSQL's error fields), and a thread that is gone fails its callers
// instead of leaving them waiting.
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { PgliteThread } from './pglite-thread'
import { LOWEST_PRIORITY } from './thread-priority'

/** A thread's nice value: field 19 of its stat line, the 17th after the command's ") ". */
function niceOf(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
}

/** How many of this process's threads run at each nice value (Linux's /proc). */
function threadsByNice(): Map<number, number> {
  const counts = new Map<number, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    const nice = niceOf(`/proc/self/task/${tid}/stat`)
    counts.set(nice, (counts.get(nice) ?? 0) + 1)
  }
  return counts
}

let fresh: FreshDatabase
beforeAll(async () => {
  fresh = await createFreshDatabase()
})
afterAll(async () => {
  await fresh?.drop()
})

describe('PgliteThread', () => {
  it('runs at the lowest priority, and leaves the calling thread as it was', async () => {
    const callerNice = niceOf('/proc/thread-self/stat')
    const lowestBefore = threadsByNice().get(LOWEST_PRIORITY) ?? 0
    const thread = await PgliteThread.open(fresh.location.dataDir)
    try {
      expect(threadsByNice().get(LOWEST_PRIORITY) ?? 0).toBe(lowestBefore + 1)
      expect(niceOf('/proc/thread-self/stat')).toBe(callerNice)
    } finally {
      await thread.close()
    }
    expect(threadsByNice().get(LOWEST_PRIORITY) ?? 0).toBe(lowestBefore)
  })

  it("returns PostgreSQL's values and error fields across the threads", async () => {
    const thread = await PgliteThread.open(fresh.location.dataDir)
    try {
      expect(
        await thread.request({
          op: 'query',
          sql: `SELECT 9007199254740993::int8 AS big, '{"a":[1]}'::jsonb AS doc, ARRAY['x','y'] AS list, '\\x0102'::bytea AS bytes`,
          params: [],
        }),
      ).toEqual({
        rows: [
          {
            big: 9007199254740993n,
            doc: { a: [1] },
            list: ['x', 'y'],
            bytes: new Uint8Array([1, 2]),
          },
        ],
        rowCount: 1,
      })
      await thread.request({ op: 'exec', sql: 'CREATE TABLE once (id int PRIMARY KEY)' })
      await thread.request({ op: 'query', sql: 'INSERT INTO once VALUES ($1)', params: [1] })
      await expect(
        thread.request({ op: 'query', sql: 'INSERT INTO once VALUES ($1)', params: [1] }),
      ).rejects.toMatchObject({
        message: expect.stringContaining('duplicate key'),
        code: '23505',
        constraint: 'once_pkey',
      })
    } finally {
      await thread.close()
    }
  })

  it('fails what is asked of a closed or stopped thread, and tells of a stop it did not ask for', async () => {
    const stops: Error[] = []
    const thread = await PgliteThread.open(fresh.location.dataDir, (error) => stops.push(error))
    await thread.close()
    await expect(thread.request({ op: 'query', sql: 'SELECT 1', params: [] })).rejects.toThrow(
      'The database is closed',
    )
    expect(stops).toEqual([])

    const stopped = await PgliteThread.open(fresh.location.dataDir, (error) => stops.push(error))
    const waiting = stopped.request({ op: 'query', sql: 'SELECT pg_sleep(5)', params: [] })
    await stopped.worker.terminate()
    await expect(waiting).rejects.toThrow('The PGlite thread exited')
    await expect(stopped.request({ op: 'query', sql: 'SELECT 1', params: [] })).rejects.toThrow(
      'The PGlite thread exited',
    )
    expect(stops.map((error) => error.message)).toEqual(['The PGlite thread exited (code 1)'])
  })

  it('refuses a data folder it cannot open', async () => {
    await expect(PgliteThread.open('/dev/null/not-a-folder')).rejects.toThrow()
  })
})
