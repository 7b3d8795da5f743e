// The rate of upgrade attempts from one address, refused ones included: past it an upgrade is
// answered 429 before its URL, JWT or project is looked at, and an address refused past its
// share of 429s in a second has its new connections closed unread (the server's clock is
// frozen, so the refill and the second are exact).
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { createRelayTestIdentity } from '../test/relay-identity'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

interface RawUpgrade {
  /** The status line and body the relay answered; 0: the connection was closed unanswered. */
  status: number
  body: unknown
}

const UPGRADE_HEADERS =
  'Connection: Upgrade\r\nUpgrade: websocket\r\n' +
  'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n'

/** An upgrade request on a plain TCP connection: what comes back before the relay ends it. */
function rawUpgrade(server: TestServer, path: string): Promise<RawUpgrade> {
  return rawRequest(server, path, UPGRADE_HEADERS)
}

function rawRequest(
  server: TestServer,
  path: string,
  headers = 'Connection: close\r\n',
): Promise<RawUpgrade> {
  const { port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) })
    let text = ''
    socket.on('data', (chunk) => {
      text += chunk.toString()
      // An accepted upgrade stays open: its 101 is the whole answer.
      if (text.startsWith('HTTP/1.1 101') && text.includes('\r\n\r\n')) {
        socket.destroy()
        resolve({ status: 101, body: undefined })
      }
    })
    socket.on('close', () => {
      if (!text) return resolve({ status: 0, body: undefined })
      const [head = '', body = ''] = text.split('\r\n\r\n')
      const status = Number(head.split(' ')[1])
      resolve({ status, body: body ? JSON.parse(body) : undefined })
    })
    // A connection reset unanswered is an outcome (status 0, on close); anything else is not.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error)
    })
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`)
  })
}

describe('relay upgrade rate', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    server = await startTestServer({
      deps: { clock: () => now },
      // a burst of 3 (the open sockets an address may have), then 2 a second
      config: relayWithLimits({ socketsPerAddress: 3, upgradesPerAddressPerSecond: 2 }),
    })
  })
  afterAll(() => server?.stop())

  const relayPath = (auth: string) => `/relay?projectId=${DEV_PROJECT_ID}&ua=test&auth=${auth}`

  it('counts refused upgrades too, and past the rate answers 429 before reading the request', async () => {
    // three attempts refused for what they carry use up the burst
    const refused = [
      await rawUpgrade(server, relayPath('not.a.jwt')),
      await rawUpgrade(server, `/relay?projectId=unknown&auth=${createRelayTestIdentity().jwt()}`),
      await rawUpgrade(server, '/elsewhere'),
    ]
    expect(refused.map((each) => each.status)).toEqual([401, 403, 404])
    const tooMany = {
      status: 429,
      body: { error: { code: 429, message: 'Too many connection attempts from this address' } },
    }
    // a valid upgrade is refused now, and so is a path that is not the relay's: the rate is
    // checked before the URL is
    expect(await rawUpgrade(server, relayPath(createRelayTestIdentity().jwt()))).toEqual(tooMany)
    expect(await rawUpgrade(server, '/elsewhere')).toEqual(tooMany)
    // half a second later one attempt is back, not two
    now += 500
    expect((await rawUpgrade(server, relayPath(createRelayTestIdentity().jwt()))).status).toBe(101)
    expect(await rawUpgrade(server, relayPath(createRelayTestIdentity().jwt()))).toEqual(tooMany)
  })
})

describe('an address that goes on after its upgrades are refused for their rate', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    server = await startTestServer({
      deps: { clock: () => now },
      // a burst of 1, then 1 a second; 2 refusals a second answered, then nothing read
      config: relayWithLimits({
        socketsPerAddress: 1,
        upgradesPerAddressPerSecond: 1,
        rateRefusalsPerAddressPerSecond: 2,
      }),
    })
  })
  afterAll(() => server?.stop())

  const relayPath = () =>
    `/relay?projectId=${DEV_PROJECT_ID}&ua=test&auth=${createRelayTestIdentity().jwt()}`

  it('has its new connections closed unread for the rest of the second, HTTP ones too', async () => {
    expect((await rawUpgrade(server, '/elsewhere')).status).toBe(404)
    expect((await rawUpgrade(server, relayPath())).status).toBe(429)
    expect((await rawUpgrade(server, relayPath())).status).toBe(429)
    expect(await rawUpgrade(server, relayPath())).toEqual({ status: 0, body: undefined })
    expect(await rawRequest(server, '/health')).toEqual({ status: 0, body: undefined })
    // the next second it is heard again, within its rate
    now += 1_000
    expect((await rawUpgrade(server, relayPath())).status).toBe(101)
    expect((await rawRequest(server, '/health')).status).toBe(200)
  })
})
