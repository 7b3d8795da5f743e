// PGlite on its own thread: what crosses between the threads arrives as the server's code
// expects it (values, PostgreSQL's error fields), and a thread that is gone fails its callers
// instead of leaving them waiting.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { PgliteThread } from './pglite-thread'
import { LOWEST_PRIORITY, SCHED_IDLE } from './thread-priority'

/** A thread's scheduling as its stat line says: nice is field 19, policy field 41. */
function schedulingOf(statPath: string): string {
  const stat = readFileSync(statPath, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return `policy ${fields[38]}, nice ${fields[16]}`
}

/** How many of this process's threads run with each policy and nice value (Linux's /proc). */
function threadsByScheduling(): Map<string, number> {
  const counts = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    const scheduling = schedulingOf(`/proc/self/task/${tid}/stat`)
    counts.set(scheduling, (counts.get(scheduling) ?? 0) + 1)
  }
  return counts
}

const hasChrt = (() => {
  try {
    execFileSync('chrt', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()
/** SCHED_IDLE where util-linux's chrt is there (as on Debian), else only the lowest nice. */
const LOW = `policy ${hasChrt ? SCHED_IDLE : 0}, nice ${LOWEST_PRIORITY}`

let fresh: FreshDatabase
beforeAll(async () => {
  fresh = await createFreshDatabase()
})
afterAll(async () => {
  await fresh?.drop()
})

describe('PgliteThread', () => {
  it('runs only when a core is idle, and leaves the calling thread as it was', async () => {
    const caller = schedulingOf('/proc/thread-self/stat')
    const lowBefore = threadsByScheduling().get(LOW) ?? 0
    const thread = await PgliteThread.open(fresh.location.dataDir)
    try {
      expect(threadsByScheduling().get(LOW) ?? 0).toBe(lowBefore + 1)
      expect(schedulingOf('/proc/thread-self/stat')).toBe(caller)
    } finally {
      await thread.close()
    }
    expect(threadsByScheduling().get(LOW) ?? 0).toBe(lowBefore)
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
