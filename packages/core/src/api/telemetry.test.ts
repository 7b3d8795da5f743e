import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_TELEMETRY_MAX_EVENTS, ERROR_TELEMETRY_WINDOW_MS } from '../constants'
import { createHttpClient } from './http'
import { createTelemetry, type ErrorEventBody } from './telemetry'

function telemetryWith(
  reply: () => Response | Promise<Response> = () =>
    Response.json({ accepted: true }, { status: 202 }),
) {
  const sent: { url: URL; body: ErrorEventBody }[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    sent.push({ url: new URL(String(input)), body: JSON.parse(String(init.body)) })
    return reply()
  }) as unknown as typeof globalThis.fetch
  const telemetry = createTelemetry(
    createHttpClient({ baseUrl: 'http://api.test', projectId: 'p1', fetch }),
    { page: () => ({ url: 'https://shop.example.com/cart', domain: 'shop.example.com' }) },
  )
  return { telemetry, sent }
}

const event = { type: 'error', event: 'ERROR_FETCH_TRANSACTIONS', errorMessage: 'boom' }

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2030-01-01T00:00:00Z'))
})
afterEach(() => {
  vi.useRealTimers()
})

describe('sendErrorEvent', () => {
  it('posts the spec body to /e with projectId, st and sv in the query', async () => {
    const { telemetry, sent } = telemetryWith()
    expect(
      await telemetry.sendErrorEvent({
        ...event,
        errorType: 'HttpStatusError',
        stackTrace: 'at x',
      }),
    ).toBe(true)
    const [call] = sent
    expect(call?.url.pathname).toBe('/e')
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      projectId: 'p1',
      st: 'portico',
      sv: '0.1.0',
    })
    expect(call?.body).toEqual({
      eventId: expect.stringMatching(
        /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      ),
      url: 'https://shop.example.com/cart',
      domain: 'shop.example.com',
      timestamp: Date.parse('2030-01-01T00:00:00Z'),
      props: {
        type: 'error',
        event: 'ERROR_FETCH_TRANSACTIONS',
        errorType: 'HttpStatusError',
        errorMessage: 'boom',
        stackTrace: 'at x',
      },
    })
  })

  it('gives each event its own id', async () => {
    const { telemetry, sent } = telemetryWith()
    await telemetry.sendErrorEvent(event)
    await telemetry.sendErrorEvent(event)
    expect(sent[0]?.body.eventId).not.toBe(sent[1]?.body.eventId)
  })

  it('sends at most 5 events in any 60 s', async () => {
    const { telemetry, sent } = telemetryWith()
    for (let index = 0; index < ERROR_TELEMETRY_MAX_EVENTS; index++) {
      expect(await telemetry.sendErrorEvent(event)).toBe(true)
      vi.advanceTimersByTime(1_000)
    }
    expect(await telemetry.sendErrorEvent(event)).toBe(false)
    expect(sent).toHaveLength(5)

    // The first went out at 0 s: at 60 s its slot is free again, and only its.
    vi.setSystemTime(Date.parse('2030-01-01T00:00:00Z') + ERROR_TELEMETRY_WINDOW_MS - 1)
    expect(await telemetry.sendErrorEvent(event)).toBe(false)
    vi.advanceTimersByTime(1)
    expect(await telemetry.sendErrorEvent(event)).toBe(true)
    expect(await telemetry.sendErrorEvent(event)).toBe(false)
    expect(sent).toHaveLength(6)
  })

  it('never throws: a failed send gives false', async () => {
    const { telemetry } = telemetryWith(() => Promise.reject(new TypeError('fetch failed')))
    expect(await telemetry.sendErrorEvent(event)).toBe(false)
    const refused = telemetryWith(() => new Response('', { status: 429 }))
    expect(await refused.telemetry.sendErrorEvent(event)).toBe(false)
  })

  it('cuts a stack trace to what the server takes', async () => {
    const { telemetry, sent } = telemetryWith()
    await telemetry.sendErrorEvent({ ...event, stackTrace: 'x'.repeat(10_000) })
    expect(sent[0]?.body.props.stackTrace).toHaveLength(8000)
  })
})
