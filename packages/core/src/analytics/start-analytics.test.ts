// The modal's analytics against our real server: the dialog starts them when it first shows
// (here: open(), then startAnalytics as the dialog calls it), the tracked
// events reach the server in batches with the spec's properties and are kept; nothing is sent
// when the host's option or the project's switch says no, and a page the project refuses gets
// the spec's alert.
import { serverPerFile } from '@portico/test-kit/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPorticoClient, type PorticoClient } from '../client/create-portico-client'
import { ANALYTICS_FLUSH_INTERVAL_MS } from '../constants'
import { trackEvent } from '../events/events'
import { mainnet } from '../networks'
import { clearNetwork, setActiveNetwork } from '../state/network'
import { toastStore } from '../state/toast'
import { setClock } from '../time/clock'
import { startAnalytics } from './start-analytics'

const server = serverPerFile()
const db = () => server().server.app.portico.db

/** The flush timers the analytics set; the test fires them (other waits keep real time). */
let flushTimers: Array<() => void> = []
let clients: PorticoClient[] = []
let stops: Array<Promise<() => void>> = []
beforeEach(() => {
  flushTimers = []
  setClock({
    now: () => Date.now(),
    setTimeout(callback, ms) {
      if (ms === ANALYTICS_FLUSH_INTERVAL_MS) return flushTimers.push(callback)
      return globalThis.setTimeout(callback, ms)
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  })
})
afterEach(() => {
  for (const stop of stops) void stop.then((stopNow) => stopNow())
  for (const client of clients) client.destroy()
  clients = []
  stops = []
  clearNetwork()
  setClock()
})

async function newProject(origins = ['localhost:*', '127.0.0.1:*']): Promise<string> {
  return (await server().server.app.portico.projects.create({ name: 'Analytics', origins })).id
}

/** What a visitor's click does: open() and the dialog it shows starting analytics. */
function openModal(client: PorticoClient): Promise<() => void> {
  client.open()
  const stop = startAnalytics(client)
  stops.push(stop)
  return stop
}

function clientFor(projectId: string, analytics = true): PorticoClient {
  const client = createPorticoClient(
    { projectId, networks: [mainnet], apiUrl: server().url, features: { analytics } },
    { storage: null },
  )
  clients.push(client)
  return client
}

async function storedEvents(projectId: string) {
  const { rows } = await db().query<Record<string, unknown>>(
    `SELECT event, network, is_smart_account, method, wallet FROM analytics_events
      WHERE project_id = $1 ORDER BY received_at, position`,
    [projectId],
  )
  return rows
}

/** The paths of the calls made for `projectId` (other tests' clients may still be sending). */
function callsOf(fetchSpy: { mock: { calls: unknown[][] } }, projectId: string): string[] {
  return fetchSpy.mock.calls
    .map((call) => new URL(String(call[0])))
    .filter((url) => url.searchParams.get('projectId') === projectId)
    .map((url) => url.pathname)
}

/**
 * How long a wait for the page's own asynchronous steps may take: beside e2e at a low CPU
 * priority, Vitest's default second for vi.waitFor ran out (npm test).
 */
const WAIT = { timeout: 15_000, interval: 50 }

/** Waits until `read` gives something `done` accepts (a batch is posted, not awaited). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT.timeout
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** Waits until the analytics chunk asked for the project's switch: it listens from then on. */
async function configAsked(fetchSpy: { mock: { calls: unknown[][] } }, projectId: string) {
  await vi.waitFor(
    () => expect(callsOf(fetchSpy, projectId)).toContain('/getAnalyticsConfig'),
    WAIT,
  )
}

describe('analytics', () => {
  it('sends nothing before the modal opens, then the tracked events in one batch, kept by the server', async () => {
    const projectId = await newProject()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = clientFor(projectId)
    trackEvent('CONNECT_SUCCESS', { name: 'Before', method: 'browser' })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(callsOf(fetchSpy, projectId)).toEqual([])

    openModal(client)
    await configAsked(fetchSpy, projectId)
    trackEvent('SELECT_WALLET', { name: 'MetaMask', method: 'browser' })
    // The wallet connects on mainnet: the stores say so before CONNECT_SUCCESS is tracked.
    setActiveNetwork(mainnet)
    trackEvent('CONNECT_SUCCESS', {
      name: 'MetaMask',
      method: 'browser',
      message: 'an address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 stays in the page',
    })
    await vi.waitFor(() => expect(flushTimers).toHaveLength(1), WAIT)
    expect(await storedEvents(projectId)).toEqual([])
    for (const flush of flushTimers) flush()

    const stored = await until(
      () => storedEvents(projectId),
      (rows) => rows.length === 3,
    )
    const network = 'eip155:1'
    expect(stored).toEqual([
      { event: 'MODAL_OPEN', network: null, is_smart_account: false, method: '', wallet: '' },
      {
        event: 'SELECT_WALLET',
        network: null,
        is_smart_account: false,
        method: 'browser',
        wallet: 'MetaMask',
      },
      {
        event: 'CONNECT_SUCCESS',
        network,
        is_smart_account: false,
        method: 'browser',
        wallet: 'MetaMask',
      },
    ])
    const { rows } = await db().query<{ event: string; count: bigint }>(
      'SELECT event, count FROM analytics_daily WHERE project_id = $1 ORDER BY event',
      [projectId],
    )
    expect(rows.map((row) => [row.event, Number(row.count)])).toEqual([
      ['CONNECT_SUCCESS', 1],
      ['MODAL_OPEN', 1],
      ['SELECT_WALLET', 1],
    ])
    // The batch went as text/plain with the SDK parameters, as a beacon would send it.
    const batchCall = fetchSpy.mock.calls.find(([url]) =>
      String(url).includes('/analytics/v1/events'),
    )
    expect(new URL(String(batchCall?.[0])).searchParams.get('projectId')).toBe(projectId)
    expect(batchCall?.[1]).toMatchObject({ method: 'POST', keepalive: true })
    fetchSpy.mockRestore()
  })

  it('sends what is queued when the page goes away, and error events to /e too', async () => {
    const projectId = await newProject()
    const client = clientFor(projectId)
    const stop = openModal(client)
    trackEvent('CONNECT_ERROR', { name: 'Rainbow', method: 'walletconnect', message: 'Boom' })
    await vi.waitFor(() => expect(flushTimers).toHaveLength(1), WAIT)
    // The page goes away: what is queued leaves at once.
    ;(await stop)()
    const stored = await until(
      () => storedEvents(projectId),
      (rows) => rows.length === 2,
    )
    expect(stored.map((row) => row.event)).toEqual(['MODAL_OPEN', 'CONNECT_ERROR'])
    const errors = await until(
      async () =>
        (
          await db().query<{ event: string; error_message: string }>(
            'SELECT event, error_message FROM error_events WHERE project_id = $1',
            [projectId],
          )
        ).rows,
      (rows) => rows.length === 1,
    )
    expect(errors).toEqual([{ event: 'CONNECT_ERROR', error_message: 'Boom' }])
  })

  it('sends nothing, not even the config call, when the host turns analytics off', async () => {
    const projectId = await newProject()
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = clientFor(projectId, false)
    openModal(client)
    trackEvent('CONNECT_SUCCESS', { name: 'MetaMask', method: 'browser' })
    client.close()
    client.destroy()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(callsOf(fetchSpy, projectId)).toEqual([])
    expect(flushTimers).toEqual([])
    expect(await storedEvents(projectId)).toEqual([])
    fetchSpy.mockRestore()
  })

  it("sends no event when the project's analytics are off", async () => {
    const projectId = await newProject()
    await db().query('UPDATE projects SET analytics_enabled = false WHERE id = $1', [projectId])
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const client = clientFor(projectId)
    openModal(client)
    await configAsked(fetchSpy, projectId)
    await new Promise((resolve) => setTimeout(resolve, 200))
    trackEvent('CONNECT_SUCCESS', { name: 'MetaMask', method: 'browser' })
    client.destroy()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(callsOf(fetchSpy, projectId)).toEqual(['/getAnalyticsConfig'])
    expect(flushTimers).toEqual([])
    expect(await storedEvents(projectId)).toEqual([])
    fetchSpy.mockRestore()
  })

  it("shows 'Invalid App Configuration' and sends nothing when the project refuses the page", async () => {
    const projectId = await newProject(['https://shop.example.com'])
    // A browser page on an origin the project does not list: Node's fetch sends no Origin,
    // so each call gets the one a browser there would send.
    const original = globalThis.fetch
    const seen: string[] = []
    globalThis.fetch = (input, init) => {
      seen.push(new URL(String(input)).pathname)
      return original(input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string>), origin: 'https://evil.example' },
      })
    }
    try {
      const client = clientFor(projectId)
      openModal(client)
      await vi.waitFor(
        () => expect(toastStore.get().message).toBe('Invalid App Configuration'),
        WAIT,
      )
      expect(toastStore.get().variant).toBe('error')
      trackEvent('CONNECT_SUCCESS', { name: 'MetaMask', method: 'browser' })
      client.destroy()
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(seen).toEqual(['/getAnalyticsConfig'])
      expect(await storedEvents(projectId)).toEqual([])
    } finally {
      globalThis.fetch = original
    }
  })
})
