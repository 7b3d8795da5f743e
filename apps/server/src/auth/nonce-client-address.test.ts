// The sign-in nonce limit as an IPv6 subscriber meets it: every address of its /64 is one client,
// its neighbour /64 another, and an IPv4 client is the same mapped into IPv6 or not. Requests come
// from chosen client addresses through the real server (injected: this machine's loopback cannot
// source them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { AUTH_NONCE_RATE_LIMIT } from './auth-constants'

let server: TestServer
// Each test starts in a fresh window of the limit (a minute of the server's clock).
const clock = { now: Math.ceil(Date.now() / 60_000) * 60_000 }

beforeAll(async () => {
  server = await startTestServer({ deps: { clock: () => clock.now } })
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

async function askNonce(from: string): Promise<number> {
  const answer = await server.app.inject({
    method: 'POST',
    url: `/auth/v1/nonce?projectId=${DEV_PROJECT_ID}`,
    remoteAddress: from,
  })
  return answer.statusCode
}

describe('sign-in nonces per client', () => {
  it('counts every address of a /64 against one limit, and the next /64 against its own', async () => {
    clock.now += 60_000
    const { limit } = AUTH_NONCE_RATE_LIMIT
    for (let n = 1; n <= limit; n++)
      expect(await askNonce(`2001:db8:a:b::${n.toString(16)}`)).toBe(200)
    expect(await askNonce('2001:db8:a:b:ffff:ffff:ffff:fffe')).toBe(429)
    expect(await askNonce('2001:db8:a:c::1')).toBe(200)
  })

  it('counts an IPv4 client the same mapped into IPv6 or not', async () => {
    clock.now += 60_000
    const { limit } = AUTH_NONCE_RATE_LIMIT
    for (let n = 1; n <= limit; n++) {
      expect(await askNonce(n % 2 === 0 ? '192.0.2.44' : '::ffff:192.0.2.44')).toBe(200)
    }
    expect(await askNonce('192.0.2.44')).toBe(429)
    expect(await askNonce('::ffff:192.0.2.45')).toBe(200)
  })
})
