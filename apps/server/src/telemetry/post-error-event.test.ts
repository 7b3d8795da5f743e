import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { windowOf } from '../cache/rate-limiter'
import { startTestServer, type TestServer } from '../test/test-server'
import {
  TELEMETRY_RATE_LIMIT,
  TELEMETRY_STACK_TRACE_MAX_LENGTH,
} from '../wallets/wallet-api-constants'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

/** A project of its own per test: rate limits count per project and IP, and every test is 127.0.0.1. */
async function newProject(): Promise<string> {
  return (
    await server.app.portico.projects.create({ name: 'Telemetry', origins: ['http://localhost:*'] })
  ).id
}

function errorEvent(overrides: Record<string, unknown> = {}) {
  return {
    eventId: randomUUID(),
    url: 'https://shop.example.com/checkout?step=2',
    domain: 'shop.example.com',
    timestamp: 1_760_000_000_000,
    props: {
      type: 'error',
      event: 'ERROR',
      errorType: 'TypeError',
      errorMessage: "Cannot read properties of undefined (reading 'address')",
      stackTrace: 'TypeError: Cannot read properties of undefined\n    at connect (modal.js:1:2)',
    },
    ...overrides,
  }
}

function post(projectId: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/e?projectId=${projectId}&st=portico&sv=0.1.0`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function rowsOf(projectId: string) {
  const { rows } = await server.app.portico.db.query(
    'SELECT * FROM error_events WHERE project_id = $1 ORDER BY received_at',
    [projectId],
  )
  return rows
}

async function countAll(): Promise<bigint> {
  const { rows } = await server.app.portico.db.query<{ count: bigint }>(
    'SELECT count(*) AS count FROM error_events',
  )
  return rows[0]?.count ?? -1n
}

describe('POST /e', () => {
  it('stores an error event and answers 202', async () => {
    const projectId = await newProject()
    const event = errorEvent()
    const response = await post(projectId, event)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ accepted: true })
    expect(await rowsOf(projectId)).toEqual([
      expect.objectContaining({
        project_id: projectId,
        event_id: event.eventId,
        sdk_type: 'portico',
        sdk_version: '0.1.0',
        url: event.url,
        domain: event.domain,
        client_timestamp_ms: 1_760_000_000_000n,
        type: 'error',
        event: 'ERROR',
        error_type: 'TypeError',
        error_message: event.props.errorMessage,
        stack_trace: event.props.stackTrace,
        received_at: expect.any(Date),
      }),
    ])
  })

  it('stores the optional props as null when absent', async () => {
    const projectId = await newProject()
    const response = await post(projectId, errorEvent({ props: { type: 'error', event: 'X' } }))
    expect(response.status).toBe(202)
    const [row] = await rowsOf(projectId)
    expect(row).toMatchObject({ error_type: null, error_message: null, stack_trace: null })
  })

  it('stores a replayed event once and answers 202 to the replay too', async () => {
    const projectId = await newProject()
    const event = errorEvent()
    expect((await post(projectId, event)).status).toBe(202)
    expect((await post(projectId, event)).status).toBe(202)
    const shouted = { ...event, eventId: event.eventId.toUpperCase() }
    const replay = await post(projectId, shouted)
    expect(replay.status).toBe(202)
    expect(await replay.json()).toEqual({ accepted: true })
    expect(await rowsOf(projectId)).toHaveLength(1)

    const otherProject = await newProject()
    expect((await post(otherProject, event)).status).toBe(202)
    expect(await rowsOf(otherProject)).toHaveLength(1)
  })

  describe('refuses bad input with 4xx and stores nothing', () => {
    const cases: Array<[string, unknown, number]> = [
      [
        'a missing field',
        (() => {
          const { domain: _, ...rest } = errorEvent()
          return rest
        })(),
        400,
      ],
      ['an unknown field', errorEvent({ user: 'alice' }), 400],
      ['an unknown prop', errorEvent({ props: { type: 'e', event: 'E', secret: 'x' } }), 400],
      ['a missing prop', errorEvent({ props: { type: 'e' } }), 400],
      ['an event id that is not a UUID', errorEvent({ eventId: 'not-a-uuid' }), 400],
      ['a timestamp as text', errorEvent({ timestamp: '1760000000000' }), 400],
      ['a fractional timestamp', errorEvent({ timestamp: 1.5 }), 400],
      ['a negative timestamp', errorEvent({ timestamp: -1 }), 400],
      ['an empty url', errorEvent({ url: '' }), 400],
      [
        'a url over 2048 characters',
        errorEvent({ url: `https://a.example/${'a'.repeat(2048)}` }),
        400,
      ],
      [
        'a stack trace over its limit',
        errorEvent({
          props: {
            type: 'e',
            event: 'E',
            stackTrace: 's'.repeat(TELEMETRY_STACK_TRACE_MAX_LENGTH + 1),
          },
        }),
        400,
      ],
      ['a NUL character', errorEvent({ domain: 'a\u0000b' }), 400],
      ['a NUL character in a prop', errorEvent({ props: { type: 'e', event: 'E\u0000' } }), 400],
      ['an array', [errorEvent()], 400],
      ['a body that is not JSON', '{"eventId":', 400],
      [
        'a body over 32 KiB',
        errorEvent({ props: { type: 'e', event: 'E', stackTrace: 'x'.repeat(40_000) } }),
        413,
      ],
    ]
    it.each(cases)('%s', async (_what, body, status) => {
      const projectId = await newProject()
      const response = await post(projectId, body)
      expect(response.status).toBe(status)
      const answer = (await response.json()) as { error: { code: string; message: string } }
      expect(answer.error.message).toEqual(expect.any(String))
      expect(await rowsOf(projectId)).toEqual([])
    })

    it('a body sent as text/plain', async () => {
      const projectId = await newProject()
      const response = await post(projectId, errorEvent(), { 'content-type': 'text/plain' })
      expect(response.status).toBe(400)
      expect(await rowsOf(projectId)).toEqual([])
    })
  })

  it('answers 429 with Retry-After past the limit of a client, and stores nothing more', async () => {
    // Keep the burst inside one rate-limit window: if this one ends soon, start in the next.
    const { endsInMs } = windowOf(Date.now(), TELEMETRY_RATE_LIMIT.windowMs)
    if (endsInMs < 10_000) await new Promise((resolve) => setTimeout(resolve, endsInMs + 50))
    const projectId = await newProject()
    for (let sent = 0; sent < TELEMETRY_RATE_LIMIT.limit; sent++) {
      expect((await post(projectId, errorEvent())).status).toBe(202)
    }
    const before = await countAll()
    const limited = await post(projectId, errorEvent())
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(TELEMETRY_RATE_LIMIT.windowMs / 1000)
    expect(await limited.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests; try again in ${retryAfter} seconds`,
      },
    })
    expect(await countAll()).toBe(before)
    expect(await rowsOf(projectId)).toHaveLength(TELEMETRY_RATE_LIMIT.limit)

    // Another project on the same IP is another client.
    expect((await post(await newProject(), errorEvent())).status).toBe(202)
  })

  it('is behind the project guard', async () => {
    const response = await fetch(`${server.url}/e`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(errorEvent()),
    })
    expect(response.status).toBe(401)
    const preflight = await fetch(`${server.url}/e?projectId=${await newProject()}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })
})
