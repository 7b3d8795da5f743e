// POST /analytics/v1/events against the real server and database: what the modal sends is kept
// (raw rows and the daily rollup), what it never sends is refused with nothing kept.
import { randomUUID } from 'node:crypto'
import { ANALYTICS_BATCH_MAX_EVENTS } from '@portico/protocol/analytics-events'
import { ANALYTICS_EVENTS_PATH } from '@portico/protocol/route-paths'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { windowOf } from '../cache/rate-limiter'
import { startTestServer, type TestServer } from '../test/test-server'
import { ANALYTICS_RATE_LIMIT } from './analytics-constants'
import { pruneAnalyticsEvents } from './analytics-store'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const SHOP = 'https://shop.example.com'

/** A project of its own per test: rate limits count per project and IP. */
async function newProject(origins = [SHOP]): Promise<string> {
  return (await server.app.portico.projects.create({ name: 'Analytics', origins })).id
}

function batch(events: unknown[] = [connectSuccess()], batchId: string = randomUUID()) {
  return { batchId, events }
}

function connectSuccess(overrides: Record<string, unknown> = {}) {
  return {
    event: 'CONNECT_SUCCESS',
    timestamp: 1_760_000_000_000,
    properties: {
      network: 'eip155:1',
      isSmartAccount: false,
      method: 'browser',
      wallet: 'MetaMask',
    },
    ...overrides,
  }
}

function post(
  projectId: string,
  body: unknown,
  { origin = SHOP, type = 'application/json' }: { origin?: string; type?: string } = {},
) {
  return fetch(`${server.url}${ANALYTICS_EVENTS_PATH}?projectId=${projectId}&st=portico&sv=0.1.0`, {
    method: 'POST',
    headers: { 'content-type': type, origin },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function rawRows(projectId: string) {
  const { rows } = await server.app.portico.db.query(
    'SELECT * FROM analytics_events WHERE project_id = $1 ORDER BY batch_id, position',
    [projectId],
  )
  return rows
}

async function dailyRows(projectId: string) {
  const { rows } = await server.app.portico.db.query<{
    event: string
    method: string
    wallet: string
    count: bigint
  }>(
    `SELECT event, method, wallet, count FROM analytics_daily WHERE project_id = $1
      ORDER BY event, method, wallet`,
    [projectId],
  )
  return rows.map((row) => ({ ...row, count: Number(row.count) }))
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

describe('POST /analytics/v1/events', () => {
  it('keeps every event of a batch and counts them per day, event, method and wallet', async () => {
    const projectId = await newProject()
    const response = await post(
      projectId,
      batch([
        { event: 'MODAL_OPEN', timestamp: 1_760_000_000_000, properties: { network: 'eip155:1' } },
        connectSuccess(),
        connectSuccess({ timestamp: 1_760_000_000_500 }),
        connectSuccess({ properties: { method: 'walletconnect', wallet: 'Rainbow' } }),
      ]),
    )
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ stored: 4 })
    const raw = await rawRows(projectId)
    expect(raw).toHaveLength(4)
    expect(raw[1]).toEqual({
      project_id: projectId,
      batch_id: expect.any(String),
      position: 1,
      event: 'CONNECT_SUCCESS',
      network: 'eip155:1',
      is_smart_account: false,
      method: 'browser',
      wallet: 'MetaMask',
      sdk_version: '0.1.0',
      client_timestamp_ms: 1_760_000_000_000n,
      received_at: expect.any(Date),
    })
    expect(await dailyRows(projectId)).toEqual([
      { event: 'CONNECT_SUCCESS', method: 'browser', wallet: 'MetaMask', count: 2 },
      { event: 'CONNECT_SUCCESS', method: 'walletconnect', wallet: 'Rainbow', count: 1 },
      { event: 'MODAL_OPEN', method: '', wallet: '', count: 1 },
    ])
  })

  it('takes the text/plain body navigator.sendBeacon sends', async () => {
    const projectId = await newProject()
    const response = await post(projectId, batch(), { type: 'text/plain;charset=UTF-8' })
    expect(response.status).toBe(202)
    expect(response.headers.get('access-control-allow-origin')).toBe(SHOP)
    expect(await rawRows(projectId)).toHaveLength(1)
  })

  it('stores a replayed batch once and does not count it again', async () => {
    const projectId = await newProject()
    const sent = batch([connectSuccess(), connectSuccess()])
    expect(await (await post(projectId, sent)).json()).toEqual({ stored: 2 })
    const shouted = { ...sent, batchId: sent.batchId.toUpperCase() }
    const replay = await post(projectId, shouted)
    expect(replay.status).toBe(202)
    expect(await replay.json()).toEqual({ stored: 0 })
    expect(await rawRows(projectId)).toHaveLength(2)
    expect(await dailyRows(projectId)).toEqual([
      { event: 'CONNECT_SUCCESS', method: 'browser', wallet: 'MetaMask', count: 2 },
    ])
  })

  describe('refuses what the modal never sends, and keeps nothing of it', () => {
    const tooMany = Array.from({ length: ANALYTICS_BATCH_MAX_EVENTS + 1 }, () => connectSuccess())
    const cases: Array<[string, unknown, number, RegExp]> = [
      [
        'an event name the modal does not track',
        batch([connectSuccess({ event: 'PAGE_VIEW' })]),
        400,
        /event/,
      ],
      [`a batch of more than ${ANALYTICS_BATCH_MAX_EVENTS} events`, batch(tooMany), 400, /events/],
      ['an empty batch', batch([]), 400, /events/],
      [
        'a property not listed (an address)',
        batch([connectSuccess({ properties: { address: '0xabc' } })]),
        400,
        /properties/,
      ],
      [
        'an unknown connect method',
        batch([connectSuccess({ properties: { method: 'sms' } })]),
        400,
        /method/,
      ],
      [
        'a network that is not CAIP-2',
        batch([connectSuccess({ properties: { network: 'mainnet' } })]),
        400,
        /network/,
      ],
      [
        'a wallet name over 64 characters',
        batch([connectSuccess({ properties: { wallet: 'w'.repeat(65) } })]),
        400,
        /wallet/,
      ],
      [
        'a NUL in a wallet name',
        batch([connectSuccess({ properties: { wallet: 'Meta\u0000Mask' } })]),
        400,
        /NUL/,
      ],
      ['a batch id that is not a UUID', batch([connectSuccess()], 'batch-1'), 400, /batchId/],
      ['a field beside the batch (an IP)', { ...batch(), ip: '203.0.113.7' }, 400, /additional/i],
      ['a body that is not JSON', '{"batchId":', 400, /JSON/],
      ['a beacon body that is not JSON', 'not json', 400, /JSON/],
      ['a body over 32 KiB', batch([connectSuccess({ pad: 'x'.repeat(40_000) })]), 413, /large/i],
    ]
    it.each(cases)('%s', async (what, body, status, message) => {
      const projectId = await newProject()
      const type = what.startsWith('a beacon') ? 'text/plain' : 'application/json'
      const response = await post(projectId, body, { type })
      expect(response.status).toBe(status)
      expect((await errorOf(response)).message).toMatch(message)
      expect(await rawRows(projectId)).toEqual([])
      expect(await dailyRows(projectId)).toEqual([])
    })
  })

  it('refuses an unknown project id with 401', async () => {
    const response = await post('0'.repeat(32), batch())
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toEqual({
      code: 'INVALID_KEY',
      message: 'Unauthorized: invalid key',
    })
  })

  it("refuses another project's id sent from a page that project does not allow", async () => {
    const victim = await newProject(['https://victim.example'])
    const attacker = await newProject(['https://attacker.example'])
    // The attacker's page posts under the victim's id, to inflate or poison its figures.
    const forged = await post(victim, batch(), { origin: 'https://attacker.example' })
    expect(forged.status).toBe(403)
    expect(await errorOf(forged)).toEqual({
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'Unauthorized: origin not allowed',
    })
    expect(forged.headers.get('access-control-allow-origin')).toBeNull()
    // Nor may the attacker's own id be used from a page it does not list.
    const foreign = await post(attacker, batch(), { origin: 'https://elsewhere.example' })
    expect(foreign.status).toBe(403)
    expect(await rawRows(victim)).toEqual([])
    expect(await rawRows(attacker)).toEqual([])
    expect(await dailyRows(victim)).toEqual([])
  })

  it('keeps nothing of a project whose analytics are off', async () => {
    const projectId = await newProject()
    await server.app.portico.db.query(
      'UPDATE projects SET analytics_enabled = false WHERE id = $1',
      [projectId],
    )
    const response = await post(projectId, batch())
    expect(response.status).toBe(403)
    expect(await errorOf(response)).toEqual({
      code: 'ANALYTICS_DISABLED',
      message: 'Analytics are turned off for this project',
    })
    expect(await rawRows(projectId)).toEqual([])
    expect(await dailyRows(projectId)).toEqual([])
  })

  it('answers 429 with Retry-After to a flood from one client, replays included, and keeps no more', async () => {
    const { endsInMs } = windowOf(Date.now(), ANALYTICS_RATE_LIMIT.windowMs)
    if (endsInMs < 15_000) await new Promise((resolve) => setTimeout(resolve, endsInMs + 50))
    const projectId = await newProject()
    const replayed = batch()
    for (let sent = 0; sent < ANALYTICS_RATE_LIMIT.limit; sent++) {
      // Half fresh batches, half the same one again: a replay costs the sender like any batch.
      const body = sent % 2 === 0 ? batch() : replayed
      expect((await post(projectId, body)).status).toBe(202)
    }
    const stored = (await rawRows(projectId)).length
    expect(stored).toBe(ANALYTICS_RATE_LIMIT.limit / 2 + 1)
    for (const body of [batch(), replayed]) {
      const limited = await post(projectId, body)
      expect(limited.status).toBe(429)
      const retryAfter = Number(limited.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThanOrEqual(1)
      expect(retryAfter).toBeLessThanOrEqual(ANALYTICS_RATE_LIMIT.windowMs / 1000)
      expect((await errorOf(limited)).message).toBe(
        `Too many requests; try again in ${retryAfter} seconds`,
      )
    }
    expect(await rawRows(projectId)).toHaveLength(stored)
    // Another project on the same address counts on its own.
    expect((await post(await newProject(), batch())).status).toBe(202)
  })
})

describe('retention', () => {
  it('deletes raw events older than the retention and keeps the daily counts', async () => {
    const projectId = await newProject()
    await post(projectId, batch([connectSuccess(), connectSuccess()]))
    await post(projectId, batch([connectSuccess()]))
    await server.app.portico.db.query(
      `UPDATE analytics_events SET received_at = now() - interval '100 days'
        WHERE project_id = $1 AND position = 1`,
      [projectId],
    )
    const before = new Date(Date.now() - 90 * 24 * 60 * 60_000)
    // A chunk of one row: the loop goes on until nothing older is left.
    expect(await pruneAnalyticsEvents(server.app.portico.db, before, 1)).toBeGreaterThanOrEqual(1)
    const left = await rawRows(projectId)
    expect(left.map((row) => row.position)).toEqual([0, 0])
    expect(await dailyRows(projectId)).toEqual([
      { event: 'CONNECT_SUCCESS', method: 'browser', wallet: 'MetaMask', count: 3 },
    ])
  })
})
