// What the relay checks before a socket opens: the JWT's size before it is decoded, the URL's
// before it is parsed, the
// project's allowed origins as the HTTP routes check them (no Origin, a native wallet, passes),
// and the open sockets of one address (fresh keys are free, addresses are not).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { createRelayTestIdentity } from '../test/relay-identity'
import { type Upgrade, upgrade } from '../test/relay-upgrade'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

const closed = (socket: WebSocket | undefined) =>
  new Promise<void>((resolve) => {
    if (!socket || socket.readyState === WebSocket.CLOSED) return resolve()
    socket.once('close', () => resolve())
    socket.close()
  })

describe('relay upgrade checks', () => {
  let server: TestServer
  const socketsPerAddress = 3
  beforeAll(async () => {
    server = await startTestServer({
      config: relayWithLimits({
        // upgrades as fast as the tests make them (relay-upgrade-rate.test.ts checks that rate)
        socketsPerAddress,
        upgradesPerAddressPerSecond: 1_000,
      }),
    })
  })
  afterAll(() => server?.stop())

  const urlWith = (auth: string) =>
    `${server.url.replace('http', 'ws')}/relay?projectId=${DEV_PROJECT_ID}&ua=test&auth=${auth}`

  it('refuses a JWT over 2,048 characters by its size, before decoding it', async () => {
    const valid = createRelayTestIdentity().jwt()
    const [header, , signature] = valid.split('.')
    // an issuer whose base58 would take quadratic time to decode
    const payload = Buffer.from(
      JSON.stringify({ iss: `did:key:z${'2'.repeat(8_000)}`, exp: 2 ** 31 }),
    ).toString('base64url')
    const refused = await upgrade(urlWith(`${header}.${payload}.${signature}`))
    expect(refused).toEqual({
      status: 401,
      body: { error: { code: 401, message: 'JWT is longer than 2048 characters' } },
    })
  })

  it('refuses an upgrade whose URL is over 8,192 characters with 414, valid JWT or not', async () => {
    const url = `${urlWith(createRelayTestIdentity().jwt())}&ua=${'x'.repeat(8_192)}`
    expect(await upgrade(url)).toEqual({
      status: 414,
      body: { error: { code: 414, message: 'URL longer than 8192 characters' } },
    })
  })

  it('checks the Origin against the project allowed origins; no Origin passes', async () => {
    const identity = createRelayTestIdentity()
    const foreign = await upgrade(urlWith(identity.jwt()), { origin: 'https://evil.example' })
    expect(foreign).toEqual({
      status: 403,
      body: { error: { code: 403, message: 'Unauthorized: origin not allowed' } },
    })
    // not an origin a browser sends
    expect((await upgrade(urlWith(identity.jwt()), { origin: 'null' })).status).toBe(403)
    const allowed = await upgrade(urlWith(identity.jwt()), { origin: 'http://localhost:5173' })
    expect(allowed.status).toBe(101)
    const native = await upgrade(urlWith(identity.jwt()))
    expect(native.status).toBe(101)
    await Promise.all([closed(allowed.socket), closed(native.socket)])
  })

  it('refuses a socket past the open sockets of one address with 429, fresh keys or not', async () => {
    const open: Upgrade[] = []
    for (let index = 0; index < socketsPerAddress; index++) {
      open.push(await upgrade(urlWith(createRelayTestIdentity().jwt())))
    }
    expect(open.map((each) => each.status)).toEqual([101, 101, 101])
    expect(await upgrade(urlWith(createRelayTestIdentity().jwt()))).toEqual({
      status: 429,
      body: { error: { code: 429, message: 'Too many connections from this address' } },
    })
    // refused upgrades hold no slot; a closed socket gives its slot back
    await closed(open.pop()?.socket)
    const again = await upgrade(urlWith(createRelayTestIdentity().jwt()))
    expect(again.status).toBe(101)
    await Promise.all([...open, again].map((each) => closed(each.socket)))
  })
})
