// What a sign-in attempt may cost: the limits of POST /auth/v1/authenticate per client (project
// and IP) and per nonce, and which attempts reach the chain at all, counted by a recorder
// between the server and anvil.
import { type Anvil, startAnvil } from '@portico/devnet'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signInTestClient } from '../test/sign-in-client'
import { startTestServer, type TestServer } from '../test/test-server'
import { startUpstreamRecorder, type UpstreamRecorder } from '../test/upstream-recorder'
import {
  AUTH_AUTHENTICATE_IP_RATE_LIMIT,
  AUTH_AUTHENTICATE_RATE_LIMIT,
  AUTH_NONCE_ATTEMPT_LIMIT,
} from './auth-constants'

let anvil: Anvil
let recorder: UpstreamRecorder
let server: TestServer
// Rate limits count in windows of the server's clock: each test starts in a fresh minute.
const clock = { now: Math.ceil(Date.now() / 60_000) * 60_000 }
const alice = privateKeyToAccount(generatePrivateKey())
const mallory = privateKeyToAccount(generatePrivateKey())
const { newNonce, siweMessage, signedBy, authenticate } = signInTestClient(
  () => server,
  clock,
  alice,
)

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  recorder = await startUpstreamRecorder(anvil.rpcUrl)
  server = await startTestServer({
    chains: { 1: recorder.url },
    deps: { clock: () => clock.now },
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.stop(), recorder?.close(), anvil?.stop()])
})
beforeEach(() => {
  clock.now += 60 * 60_000
})

interface ErrorBody {
  error: { code: string; message: string }
}

/** A project of its own: the client limit counts per project and IP (every test is 127.0.0.1). */
async function newProject(): Promise<string> {
  return (
    await server.app.portico.projects.create({
      name: 'Sign-in limits',
      origins: ['http://localhost:*'],
    })
  ).id
}

async function refusal(response: Response) {
  return { status: response.status, body: (await response.json()) as ErrorBody }
}

describe('what an attempt costs upstream', () => {
  it('checks an EOA signature locally: a wrong key costs one eth_getCode, no eth_call', async () => {
    recorder.methods.length = 0
    expect((await authenticate(await signedBy(alice))).status).toBe(200)
    expect(recorder.methods).toEqual([])

    const message = siweMessage(await newNonce())
    const forged = { message, signature: await mallory.signMessage({ message }) }
    expect(await refusal(await authenticate(forged))).toEqual({
      status: 401,
      body: {
        error: {
          code: 'INVALID_SIGNATURE',
          message: 'The signature does not match the message and account',
        },
      },
    })
    // Only whether the account is a contract (which could accept another key's signature).
    expect(recorder.methods).toEqual(['eth_getCode'])
  })
})

describe('per nonce', () => {
  it(`gives a nonce ${AUTH_NONCE_ATTEMPT_LIMIT} tries, then refuses with 429 and spends it`, async () => {
    const projectId = await newProject()
    const nonce = await newNonce(projectId)
    // Refusals of the message itself come before the nonce is looked at: they use no try.
    const wrongDomain = await signedBy(alice, nonce, { domain: 'evil.example.com' })
    for (let attempt = 0; attempt <= AUTH_NONCE_ATTEMPT_LIMIT; attempt++) {
      expect((await authenticate(wrongDomain, { projectId })).status).toBe(403)
    }
    const message = siweMessage(nonce)
    const forged = { message, signature: await mallory.signMessage({ message }) }
    for (let attempt = 0; attempt < AUTH_NONCE_ATTEMPT_LIMIT; attempt++) {
      expect((await authenticate(forged, { projectId })).status).toBe(401)
    }
    recorder.methods.length = 0
    expect(await refusal(await authenticate(forged, { projectId }))).toEqual({
      status: 429,
      body: {
        error: {
          code: 'NONCE_ATTEMPTS_EXCEEDED',
          message: 'Too many sign-in attempts with this nonce: ask for a new one',
        },
      },
    })
    expect(recorder.methods).toEqual([])
    // Spent: even the right signature no longer signs in with it, in any later window.
    clock.now += 60 * 60_000
    const good = await signedBy(alice, nonce)
    const late = await refusal(await authenticate(good, { projectId }))
    expect(late).toEqual({ status: 401, body: expect.anything() })
    expect(late.body.error.code).toBe('NONCE_USED')
    const { rows } = await server.app.portico.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM auth_sessions WHERE project_id = $1',
      [projectId],
    )
    expect(rows[0]?.count).toBe(0)
  })
})

describe('per client', () => {
  it(`refuses the attempt past ${AUTH_AUTHENTICATE_RATE_LIMIT.limit} a minute with 429, before any check`, async () => {
    const projectId = await newProject()
    const garbage = { message: 'sign me in', signature: '0x00' }
    for (let attempt = 0; attempt < AUTH_AUTHENTICATE_RATE_LIMIT.limit; attempt++) {
      expect((await authenticate(garbage, { projectId })).status).toBe(400)
    }
    const good = await signedBy(alice, await newNonce(projectId))
    const refused = await authenticate(good, { projectId })
    const secondsLeft = Math.ceil((60_000 - (clock.now % 60_000)) / 1000)
    expect(refused.headers.get('retry-after')).toBe(String(secondsLeft))
    expect(await refusal(refused)).toEqual({
      status: 429,
      body: {
        error: {
          code: 'RATE_LIMITED',
          message: `Too many requests; try again in ${secondsLeft} seconds`,
        },
      },
    })
    // Another project is another client; the next minute counts afresh.
    const other = await newProject()
    expect(
      (await authenticate(await signedBy(alice, await newNonce(other)), { projectId: other }))
        .status,
    ).toBe(200)
    clock.now += 60_000
    expect((await authenticate(good, { projectId })).status).toBe(200)
  })

  it(`refuses the attempt past ${AUTH_AUTHENTICATE_IP_RATE_LIMIT.limit} a minute from one IP over all projects`, async () => {
    const garbage = { message: 'sign me in', signature: '0x00' }
    let projectId = ''
    for (let sent = 0; sent < AUTH_AUTHENTICATE_IP_RATE_LIMIT.limit; sent++) {
      // A new project each time the last one reaches its own limit.
      if (sent % AUTH_AUTHENTICATE_RATE_LIMIT.limit === 0) projectId = await newProject()
      expect((await authenticate(garbage, { projectId })).status).toBe(400)
    }
    const fresh = await newProject()
    const refused = await refusal(await authenticate(garbage, { projectId: fresh }))
    expect(refused).toEqual({ status: 429, body: expect.anything() })
    expect(refused.body.error.code).toBe('RATE_LIMITED')
  })
})
