// The sign-in routes' limits and housekeeping against the real server and a fresh database: the
// nonce rate limit (429 with Retry-After, nothing stored), dead nonces and sessions pruned
// without changing any answer, and a cacao that must describe the sign-in it comes with.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { AUTH_NONCE_RATE_LIMIT, AUTH_NONCE_TTL_MS, AUTH_PRUNE_INTERVAL_MS } from './auth-constants'

const ORIGIN = 'http://localhost:3000'
const alice = privateKeyToAccount(generatePrivateKey())
const clock = { now: Date.now() }
let server: TestServer

beforeAll(async () => {
  // Chain 1 is never called: EOA signatures are recovered locally.
  server = await startTestServer({
    chains: { 1: 'http://127.0.0.1:9' },
    deps: { clock: () => clock.now },
  })
}, 60_000)
afterAll(async () => {
  await server?.stop()
})

function url(path: string) {
  return `${server.url}${path}?projectId=${DEV_PROJECT_ID}`
}

function askNonce(ip?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN }
  if (ip) headers['x-forwarded-for'] = ip
  return fetch(url('/auth/v1/nonce'), { method: 'POST', headers })
}

async function newNonce(): Promise<string> {
  const response = await askNonce()
  expect(response.status).toBe(200)
  return ((await response.json()) as { nonce: string }).nonce
}

async function count(table: 'auth_nonces' | 'auth_sessions'): Promise<number> {
  const { rows } = await server.app.portico.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM ${table}`,
  )
  return rows[0]?.count ?? -1
}

async function signedMessage(nonce: string, expirationTime?: Date) {
  const message = createSiweMessage({
    address: alice.address,
    chainId: 1,
    domain: 'localhost:3000',
    uri: `${ORIGIN}/`,
    version: '1',
    nonce,
    issuedAt: new Date(clock.now),
    ...(expirationTime ? { expirationTime } : {}),
  })
  return { message, signature: await alice.signMessage({ message }) }
}

function authenticate(body: unknown, token?: string): Promise<Response> {
  return fetch(url('/auth/v1/authenticate'), {
    method: 'POST',
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

function me(token: string): Promise<Response> {
  return fetch(url('/auth/v1/me'), {
    headers: { origin: ORIGIN, authorization: `Bearer ${token}` },
  })
}

/** Moves the server's clock into a fresh rate-limit window. */
function nextRateLimitWindow() {
  const { windowMs } = AUTH_NONCE_RATE_LIMIT
  clock.now = (Math.floor(clock.now / windowMs) + 1) * windowMs
}

describe('nonce rate limit', () => {
  it('refuses a client past the limit with 429 and Retry-After, storing no nonce', async () => {
    nextRateLimitWindow()
    for (let i = 0; i < AUTH_NONCE_RATE_LIMIT.limit; i++)
      expect((await askNonce()).status).toBe(200)
    const before = await count('auth_nonces')
    clock.now += 20_000
    const limited = await askNonce()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('40')
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED')
    expect(await count('auth_nonces')).toBe(before)
    nextRateLimitWindow()
    expect((await askNonce()).status).toBe(200)
  })
})

describe('pruning', () => {
  it('deletes expired nonces and ended sessions, and every answer stays the same', async () => {
    nextRateLimitWindow()
    clock.now += AUTH_PRUNE_INTERVAL_MS
    const liveSignIn = await authenticate(await signedMessage(await newNonce()))
    const live = ((await liveSignIn.json()) as { token: string }).token
    const endingSignIn = await authenticate(
      await signedMessage(await newNonce(), new Date(clock.now + 60_000)),
    )
    const ending = ((await endingSignIn.json()) as { token: string }).token
    const revokedSignIn = await authenticate(await signedMessage(await newNonce()))
    const revoked = (await revokedSignIn.json()) as { token: string; session: { id: string } }
    const revoke = await fetch(url(`/auth/v1/sessions/${revoked.session.id}`), {
      method: 'DELETE',
      headers: { origin: ORIGIN, authorization: `Bearer ${revoked.token}` },
    })
    expect(revoke.status).toBeLessThan(300)
    const usedNonce = await signedMessage(await newNonce())
    expect((await authenticate(usedNonce)).status).toBe(200)
    const unusedExpiring = await newNonce()

    clock.now += Math.max(AUTH_NONCE_TTL_MS, 60_000) + AUTH_PRUNE_INTERVAL_MS
    const answersBefore = await Promise.all([me(live), me(ending), me(revoked.token)])
    const replayBefore = await authenticate(usedNonce)
    expect(answersBefore.map((answer) => answer.status)).toEqual([200, 401, 401])
    expect(replayBefore.status).toBe(401)

    const noncesBefore = await count('auth_nonces')
    const sessionsBefore = await count('auth_sessions')
    await newNonce() // asking for a nonce prunes, once per interval
    expect(await count('auth_nonces')).toBeLessThan(noncesBefore)
    expect(await count('auth_sessions')).toBe(sessionsBefore - 2)
    const answersAfter = await Promise.all([me(live), me(ending), me(revoked.token)])
    expect(answersAfter.map((answer) => answer.status)).toEqual([200, 401, 401])
    expect((await authenticate(usedNonce)).status).toBe(401)
    expect((await authenticate(await signedMessage(unusedExpiring))).status).toBe(401)
  })
})

type CacaoPatch = Partial<Record<'h' | 'p' | 's', Record<string, unknown>>>

describe('cacao', () => {
  async function signInWithCacao(patch: CacaoPatch) {
    const signed = await signedMessage(await newNonce())
    const cacao = {
      h: { t: 'caip122', ...patch.h },
      p: {
        iss: `did:pkh:eip155:1:${alice.address.toLowerCase()}`,
        domain: 'localhost:3000',
        aud: `${ORIGIN}/`,
        nonce: /Nonce: (\w+)/.exec(signed.message)?.[1],
        iat: new Date(clock.now).toISOString(),
        version: '1',
        ...patch.p,
      },
      s: { t: 'eip191', s: signed.signature, ...patch.s },
    }
    return authenticate({ ...signed, cacao })
  }

  it('stores a cacao that describes the sign-in', async () => {
    nextRateLimitWindow()
    const response = await signInWithCacao({})
    expect(response.status).toBe(200)
    const { session } = (await response.json()) as { session: { cacao?: unknown } }
    expect(session.cacao).toMatchObject({ h: { t: 'caip122' } })
  })

  const mallory = privateKeyToAccount(generatePrivateKey())
  it.each<[string, CacaoPatch]>([
    ['h.t', { h: { t: 'jwt' } }],
    ['p.iss', { p: { iss: `did:pkh:eip155:1:${mallory.address}` } }],
    ['p.nonce', { p: { nonce: 'another1234' } }],
    ['p.domain', { p: { domain: 'evil.example' } }],
    ['p.iat', { p: { iat: new Date(clock.now - 3_600_000).toISOString() } }],
    ['s.s', { s: { s: '0x1234' } }],
  ])('refuses a cacao whose %s differs, storing nothing', async (field, patch) => {
    const before = await count('auth_sessions')
    const response = await signInWithCacao(patch)
    expect(response.status).toBe(400)
    const { error } = (await response.json()) as { error: { code: string; message: string } }
    expect(error).toEqual({
      code: 'CACAO_MISMATCH',
      message: `The cacao does not describe this sign-in: ${field} differs`,
    })
    expect(await count('auth_sessions')).toBe(before)
  })
})
