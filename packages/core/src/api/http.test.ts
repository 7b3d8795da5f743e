import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  API_REQUEST_TIMEOUT_MS,
  createHttpClient,
  HttpStatusError,
  InvalidResponseError,
  RequestTimeoutError,
  SDK_TYPE,
  SDK_VERSION,
} from './http'

interface Sent {
  url: URL
  init: RequestInit
}

/** A fetch that records what it was given and answers with `reply`. */
function stubFetch(reply: (sent: Sent) => Response | Promise<Response>) {
  const sent: Sent[] = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const call = { url: new URL(String(input)), init }
    sent.push(call)
    return reply(call)
  })
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch }
}

/** A fetch that never answers, but rejects when its signal aborts, as fetch does. */
function hangingFetch() {
  return (async (_input: string | URL | Request, init: RequestInit = {}) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () =>
        reject(init.signal?.reason ?? new DOMException('aborted', 'AbortError')),
      )
    })) as typeof globalThis.fetch
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('createHttpClient', () => {
  it('adds st, sv and projectId to every GET, beside its own query', async () => {
    const { sent, fetch } = stubFetch(() => Response.json({ ok: 1 }))
    const http = createHttpClient({ baseUrl: 'https://api.example.com/', projectId: 'p1', fetch })
    expect(await http.get('/v1/supported-chains', { query: { chainId: 'eip155:1' } })).toEqual({
      ok: 1,
    })
    const [call] = sent
    expect(call?.url.origin + (call?.url.pathname ?? '')).toBe(
      'https://api.example.com/v1/supported-chains',
    )
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      projectId: 'p1',
      st: SDK_TYPE,
      sv: SDK_VERSION,
      chainId: 'eip155:1',
    })
    expect(call?.init.method).toBe('GET')
    expect(call?.init.body).toBeUndefined()
  })

  it('keeps a path prefix of the base URL, joins lists with commas and leaves out empty values', () => {
    const http = createHttpClient({ baseUrl: 'https://example.com/portico', projectId: 'p1' })
    const url = new URL(
      http.url('getWallets', { include: ['a', 'b'], search: '', page: 2, exclude: undefined }),
    )
    expect(url.pathname).toBe('/portico/getWallets')
    expect(url.searchParams.get('include')).toBe('a,b')
    expect(url.searchParams.get('page')).toBe('2')
    expect(url.searchParams.has('search')).toBe(false)
    expect(url.searchParams.has('exclude')).toBe(false)
  })

  it('sends a POST body as JSON and reads the JSON answer', async () => {
    const { sent, fetch } = stubFetch(() => Response.json({ fungibles: [] }))
    const http = createHttpClient({ baseUrl: 'http://127.0.0.1:8787', projectId: 'p1', fetch })
    expect(await http.post('/v1/fungible/price', { currency: 'usd' })).toEqual({ fungibles: [] })
    expect(sent[0]?.init.method).toBe('POST')
    expect(sent[0]?.init.body).toBe('{"currency":"usd"}')
    expect(new Headers(sent[0]?.init.headers).get('content-type')).toBe('application/json')
    expect(sent[0]?.url.searchParams.get('projectId')).toBe('p1')
  })

  it.each([400, 401, 403, 404, 429, 500, 502])(
    "throws 'HTTP status code: %i' for a non-OK answer",
    async (status) => {
      const { fetch } = stubFetch(() => Response.json({ error: {} }, { status }))
      const http = createHttpClient({ baseUrl: 'http://x.test', projectId: 'p1', fetch })
      const call = http.get('/v1/supported-chains')
      await expect(call).rejects.toThrow(new HttpStatusError(status))
      await expect(call).rejects.toMatchObject({
        message: `HTTP status code: ${status}`,
        status,
      })
    },
  )

  it('gives undefined for an empty answer and throws for one that is not JSON', async () => {
    const empty = stubFetch(() => new Response(null, { status: 204 }))
    const http = createHttpClient({ baseUrl: 'http://x.test', projectId: 'p1', fetch: empty.fetch })
    expect(await http.post('/e', {})).toBeUndefined()
    const html = stubFetch(() => new Response('<html>'))
    const other = createHttpClient({ baseUrl: 'http://x.test', projectId: 'p1', fetch: html.fetch })
    await expect(other.get('/x')).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('gives up after the time-out', async () => {
    vi.useFakeTimers()
    const http = createHttpClient({
      baseUrl: 'http://x.test',
      projectId: 'p1',
      fetch: hangingFetch(),
    })
    const call = http.get('/slow')
    const settled = expect(call).rejects.toBeInstanceOf(RequestTimeoutError)
    await vi.advanceTimersByTimeAsync(API_REQUEST_TIMEOUT_MS - 1)
    let done = false
    void call
      .catch(() => {})
      .finally(() => {
        done = true
      })
    await Promise.resolve()
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await settled
  })

  it("stops when the caller's signal aborts, with the caller's reason", async () => {
    const http = createHttpClient({
      baseUrl: 'http://x.test',
      projectId: 'p1',
      fetch: hangingFetch(),
    })
    const controller = new AbortController()
    const call = http.get('/slow', { signal: controller.signal })
    const reason = new Error('the view closed')
    controller.abort(reason)
    await expect(call).rejects.toBe(reason)
    await expect(http.get('/slow', { signal: controller.signal })).rejects.toBe(reason)
  })

  it('uses the global fetch of the moment when none is given', async () => {
    const { sent, fetch } = stubFetch(() => Response.json([]))
    const http = createHttpClient({ baseUrl: 'http://x.test', projectId: 'p1' })
    vi.stubGlobal('fetch', fetch)
    await http.get('/v1/supported-chains')
    expect(sent).toHaveLength(1)
  })
})
