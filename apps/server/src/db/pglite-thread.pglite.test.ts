// PGlite on its own thread: what crosses between the threads arrives as the server's code
// expects it (values, PostgreSQL's error fields), and a thread that is gone fails its callers
// instead of leaving them waiting.
import { execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../config'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { schedulingOf, threadsByScheduling } from '../test/pglite-thread-scheduling'
import { PgliteThread } from './pglite-thread'
import { LOWEST_PRIORITY, SCHED_IDLE } from './thread-priority'

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

const probe = fileURLToPath(new URL('../test/pglite-thread-scheduling.ts', import.meta.url))

/** The threads' scheduling of a process that opens PGlite, in a session of its own or not. */
async function schedulingInAProcess(
  dataDir: string,
  ownSession: boolean,
): Promise<Record<string, number>> {
  const child = spawn(process.execPath, ['--import', 'tsx', probe, dataDir], {
    cwd: repoRoot,
    detached: ownSession,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  expect(code).toBe(0)
  return JSON.parse(out) as Record<string, number>
}

const autogroup = (() => {
  try {
    return readFileSync('/proc/sys/kernel/sched_autogroup_enabled', 'utf8').trim() === '1'
  } catch {
    return false
  }
})()

let fresh: FreshDatabase
beforeAll(async () => {
  fresh = await createFreshDatabase()
})
afterAll(async () => {
  await fresh?.drop()
})

describe('PgliteThread', () => {
  it('keeps the process’s priority in a session shared with other work, so busy neighbours cannot starve it', async () => {
    const caller = schedulingOf('/proc/thread-self/stat')
    const lowBefore = threadsByScheduling()[LOW] ?? 0
    const thread = await PgliteThread.open(fresh.location.dataDir)
    try {
      expect(threadsByScheduling()[LOW] ?? 0).toBe(lowBefore)
      expect(schedulingOf('/proc/thread-self/stat')).toBe(caller)
    } finally {
      await thread.close()
    }
    // The same in a process of its own that does not lead its session (as under a terminal).
    expect((await schedulingInAProcess(fresh.location.dataDir, false))[LOW]).toBeUndefined()
  })

  it('runs only when the server’s own threads leave a core idle, where its session is its own', async () => {
    // Without autogroup a session is no group of its own, and the thread keeps its priority.
    expect((await schedulingInAProcess(fresh.location.dataDir, true))[LOW]).toBe(
      autogroup ? 1 : undefined,
    )
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
