// Batches drawn by fast-check, valid and broken, against the real server and database: never a
// 5xx; a refused batch keeps nothing; an accepted one keeps each event once, and the daily
// rollup counts exactly the raw rows, however batches repeat.
import { randomUUID } from 'node:crypto'
import {
  ANALYTICS_BATCH_MAX_EVENTS,
  ANALYTICS_EVENT_NAMES,
  CONNECT_METHODS,
} from '@portico/protocol/analytics-events'
import { ANALYTICS_EVENTS_PATH } from '@portico/protocol/route-paths'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const properties = fc.record(
  {
    network: fc.constantFrom('eip155:1', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
    isSmartAccount: fc.boolean(),
    method: fc.constantFrom(...CONNECT_METHODS),
    wallet: fc.string({ minLength: 1, maxLength: 64 }).filter((name) => !name.includes('\u0000')),
  },
  { requiredKeys: [] },
)
const validEvent = fc.record({
  event: fc.constantFrom(...ANALYTICS_EVENT_NAMES),
  timestamp: fc.integer({ min: 0, max: 2 ** 42 }),
  properties,
})
/** One change that makes an event invalid whatever else it holds. */
const brokenEvent = fc.oneof(
  validEvent.map((entry) => ({ ...entry, event: `${entry.event}_X` })),
  validEvent.map((entry) => ({ ...entry, properties: { ...entry.properties, ip: '203.0.113.7' } })),
  validEvent.map((entry) => ({ ...entry, timestamp: -1 })),
  validEvent.map(({ timestamp: _, ...entry }) => entry),
  validEvent.map((entry) => ({ ...entry, properties: { network: 'not a network' } })),
  fc.jsonValue(),
)
const validEvents = fc.array(validEvent, { minLength: 1, maxLength: ANALYTICS_BATCH_MAX_EVENTS })
const batch = fc.oneof(
  validEvents.map((events) => ({ valid: true, events })),
  fc.tuple(validEvents, brokenEvent, fc.nat()).map(([events, broken, at]) => {
    const mixed: unknown[] = [...events]
    mixed.splice(at % (events.length + 1), 0, broken)
    return { valid: false, events: mixed }
  }),
  fc
    .array(validEvent, {
      minLength: ANALYTICS_BATCH_MAX_EVENTS + 1,
      maxLength: ANALYTICS_BATCH_MAX_EVENTS + 5,
    })
    .map((events) => ({ valid: false, events })),
)

async function counts(projectId: string) {
  const { rows } = await server.app.portico.db.query<{ raw: bigint; rolled: bigint | null }>(
    `SELECT (SELECT count(*) FROM analytics_events WHERE project_id = $1) AS raw,
            (SELECT sum(count) FROM analytics_daily WHERE project_id = $1) AS rolled`,
    [projectId],
  )
  return { raw: Number(rows[0]?.raw ?? -1), rolled: Number(rows[0]?.rolled ?? 0) }
}

it('keeps a valid batch once, counted exactly, and nothing of a refused one', async () => {
  await fc.assert(
    fc.asyncProperty(batch, fc.integer({ min: 1, max: 3 }), async (drawn, sends) => {
      const projectId = (await server.app.portico.projects.create({ name: 'Drawn', origins: [] }))
        .id
      const body = JSON.stringify({ batchId: randomUUID(), events: drawn.events })
      for (let sent = 0; sent < sends; sent++) {
        const response = await fetch(
          `${server.url}${ANALYTICS_EVENTS_PATH}?projectId=${projectId}`,
          {
            method: 'POST',
            headers: { 'content-type': 'text/plain' },
            body,
          },
        )
        expect(response.status).toBe(drawn.valid ? 202 : 400)
        const answer = (await response.json()) as { stored?: number; error?: { message: string } }
        if (drawn.valid) expect(answer.stored).toBe(sent === 0 ? drawn.events.length : 0)
        else expect(answer.error?.message).toEqual(expect.any(String))
      }
      const expected = drawn.valid ? drawn.events.length : 0
      expect(await counts(projectId)).toEqual({ raw: expected, rolled: expected })
    }),
    { numRuns: 40 },
  )
})
