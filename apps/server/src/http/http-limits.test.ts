// What the server answers to requests that never arrive whole or that break HTTP's limits, on a
// real socket: a slow body or slow headers are cut off with a 408, oversized headers get a 431,
// and every one of these refusals, Node's own parser errors included, is `{ error: { code,
// message } }` JSON. Timeouts are shortened through the configuration so the tests run fast.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'

const REQUEST_TIMEOUT_MS = 600
const HEADERS_TIMEOUT_MS = 400

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    config: {
      httpTimeouts: {
        requestTimeoutMs: REQUEST_TIMEOUT_MS,
        headersTimeoutMs: HEADERS_TIMEOUT_MS,
        keepAliveTimeoutMs: 500,
        connectionsCheckIntervalMs: 50,
      },
    },
  })
})
afterAll(async () => {
  await server?.stop()
})

interface RawAnswer {
  status: number
  headers: string
  body: unknown
  /** From the first byte sent until the server closed the socket. */
  closedAfterMs: number
}

/** Writes `text` on a fresh socket and reads until the server closes it (or `giveUpMs`). */
function rawRequest(text: string, giveUpMs = 5_000): Promise<RawAnswer> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1')
    const started = performance.now()
    const chunks: Buffer[] = []
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`the server kept the socket open for ${giveUpMs} ms`))
    }, giveUpMs)
    socket.on('connect', () => socket.write(text))
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const raw = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = raw.split('\r\n\r\n')
      resolve({
        status: Number(head.split(' ')[1]),
        headers: head.toLowerCase(),
        body: body === '' ? undefined : JSON.parse(body),
        closedAfterMs: performance.now() - started,
      })
    })
  })
}

const errorShape = (code: string) => ({ error: { code, message: expect.any(String) } })

describe('timeouts', () => {
  it('answers 408 and closes the socket when the body never arrives', async () => {
    const answer = await rawRequest(
      `POST /auth/v1/authenticate?projectId=${DEV_PROJECT_ID} HTTP/1.1\r\nHost: localhost\r\n` +
        'content-type: application/json\r\ncontent-length: 100\r\n\r\n{"message":',
    )
    expect(answer.status).toBe(408)
    expect(answer.headers).toContain('content-type: application/json')
    expect(answer.body).toEqual({
      error: {
        code: 'REQUEST_TIMEOUT',
        message: 'Request timed out: it did not arrive whole in time',
      },
    })
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50)
  })

  it('answers 408 when the headers never end', async () => {
    const answer = await rawRequest('GET /health HTTP/1.1\r\nHost: localhost\r\nx-slow: 1\r\n')
    expect(answer.status).toBe(408)
    expect(answer.body).toEqual(errorShape('REQUEST_TIMEOUT'))
    expect(answer.closedAfterMs).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50)
  })

  it('closes an idle keep-alive connection', async () => {
    const answer = await rawRequest('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n')
    expect(answer.status).toBe(200)
    // Closed by the server once idle for the keep-alive time-out, not held open.
    expect(answer.closedAfterMs).toBeLessThan(3_000)
  })
})

describe('refusals Node answers before Fastify sees the request', () => {
  it.each([
    ['a header', `GET /health HTTP/1.1\r\nHost: localhost\r\nx-big: ${'a'.repeat(20_000)}\r\n\r\n`],
    // Node counts the request line with the headers: a URI this long is a 431, not a 414.
    ['the URI', `GET /health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`],
  ])('answers 431 in the error shape when %s is over the size limit', async (_what, text) => {
    const answer = await rawRequest(text)
    expect(answer.status).toBe(431)
    expect(answer.body).toEqual({
      error: { code: 'HEADERS_TOO_LARGE', message: 'Request headers are too large' },
    })
  })

  it('answers 400 in the error shape for bytes that are not HTTP', async () => {
    const answer = await rawRequest('HELLO THERE\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({
      error: { code: 'INVALID_REQUEST', message: 'Invalid request: malformed HTTP' },
    })
  })
})
