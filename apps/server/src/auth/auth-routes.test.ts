// The sign-in routes against the real server, a fresh database and anvil: a good sign-in, each
// refusal (which stores nothing and leaves the nonce usable), sessions listed and revoked, an
// ERC-1271 contract account checked on chain, and a Solana (ed25519) sign-in.
import { generateKeyPairSync, sign } from 'node:crypto'
import { type Anvil, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import { encodeBase58 } from '@portico/protocol/base58'
import { type Address, getAddress, type Hex, serializeErc6492Signature } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { deployOwnedAccount, prepareCounterfactualAccount } from '../test/contract-account'
import { DOMAIN, ORIGIN, type SiweFields, signInTestClient } from '../test/sign-in-client'
import { startTestServer, type TestServer } from '../test/test-server'
import { AUTH_NONCE_TTL_MS } from './auth-constants'
import type { AuthSession } from './session-store'
import { formatSiwxMessage } from './siwx-message'

const SOLANA_MAINNET = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

let anvil: Anvil
let server: TestServer
const clock = { now: Date.now() }
const alice = privateKeyToAccount(generatePrivateKey())
const mallory = privateKeyToAccount(generatePrivateKey())
const { url, newNonce, siweMessage, signedBy, authenticate } = signInTestClient(
  () => server,
  clock,
  alice,
)

beforeAll(async () => {
  anvil = await startAnvil({ chainId: 1 })
  server = await startTestServer({
    // The Solana URL is never called: ed25519 signatures are checked locally.
    chains: { 1: anvil.rpcUrl, [SOLANA_MAINNET]: 'http://127.0.0.1:9' },
    deps: { clock: () => clock.now },
  })
}, 60_000)
afterAll(async () => {
  await Promise.all([server?.stop(), anvil?.stop()])
})

interface ErrorBody {
  error: { code: string; message: string }
}
interface SignInBody {
  token: string
  session: AuthSession
}

function withToken(token: string, init: RequestInit = {}): RequestInit {
  return { ...init, headers: { origin: ORIGIN, authorization: `Bearer ${token}` } }
}

async function signIn(signer = alice, fields: SiweFields = {}): Promise<SignInBody> {
  const response = await authenticate(await signedBy(signer, undefined, fields))
  expect(response.status).toBe(200)
  return (await response.json()) as SignInBody
}

async function storedSessions(): Promise<number> {
  const { rows } = await server.app.portico.db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM auth_sessions',
  )
  return rows[0]?.count ?? -1
}

async function nonceUsed(nonce: string): Promise<boolean> {
  const { rows } = await server.app.portico.db.query<{ used_at: Date | null }>(
    'SELECT used_at FROM auth_nonces WHERE nonce = $1',
    [nonce],
  )
  return rows[0]?.used_at !== null
}

/** Asserts the refusal, that no session was stored and that the nonce is still unused. */
async function expectRefused(
  attempt: Promise<Response>,
  status: number,
  code: string,
  before: number,
) {
  const response = await attempt
  const body = (await response.json()) as ErrorBody
  expect({ status: response.status, code: body.error.code }).toEqual({ status, code })
  expect(body.error.message.length).toBeGreaterThan(0)
  expect(await storedSessions()).toBe(before)
  return body.error.message
}

describe('POST /auth/v1/nonce', () => {
  it('answers a fresh alphanumeric nonce bound to the project', async () => {
    const [first, second] = await Promise.all([newNonce(), newNonce()])
    expect(first).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(first).not.toBe(second)
    const { rows } = await server.app.portico.db.query<{ project_id: string }>(
      'SELECT project_id FROM auth_nonces WHERE nonce = $1',
      [first],
    )
    expect(rows[0]?.project_id).toBe(DEV_PROJECT_ID)
  })

  it('needs a known project', async () => {
    const response = await fetch(url('/auth/v1/nonce', { projectId: '0'.repeat(32) }), {
      method: 'POST',
    })
    expect(response.status).toBe(401)
  })
})

describe('POST /auth/v1/authenticate', () => {
  it('stores a session for a good EOA sign-in and answers it in the spec shape', async () => {
    const nonce = await newNonce()
    const expirationTime = new Date(clock.now + 3_600_000)
    const message = siweMessage(nonce, {
      expirationTime,
      requestId: 'req-1',
      resources: ['https://example.com/terms'],
    })
    const signature = await alice.signMessage({ message })
    const cacao = { h: { t: 'caip122' }, p: { iss: `did:pkh:eip155:1:${alice.address}` } }
    const response = await authenticate({ message, signature, cacao })
    expect(response.status).toBe(200)
    const { token, session } = (await response.json()) as SignInBody
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    expect(session).toEqual({
      id: expect.any(String),
      data: {
        accountAddress: alice.address,
        chainId: 'eip155:1',
        uri: `${ORIGIN}/`,
        version: '1',
        expirationTime: expirationTime.toISOString(),
        issuedAt: new Date(clock.now).toISOString(),
        nonce,
        domain: DOMAIN,
        requestId: 'req-1',
        resources: ['https://example.com/terms'],
        statement: 'Sign in to Portico',
      },
      message,
      signature,
      cacao,
    })
    expect(await nonceUsed(nonce)).toBe(true)
    // Only the token's hash is stored.
    const { rows } = await server.app.portico.db.query<{ token_hash: string; account: string }>(
      'SELECT token_hash, account FROM auth_sessions WHERE id = $1',
      [session.id],
    )
    expect(rows[0]?.account).toBe(`eip155:1:${alice.address.toLowerCase()}`)
    expect(rows[0]?.token_hash).not.toContain(token)

    const me = await fetch(url('/auth/v1/me'), withToken(token))
    expect(me.status).toBe(200)
    expect(await me.json()).toEqual(session)
    const listed = await fetch(
      url('/auth/v1/sessions', { address: `eip155:1:${alice.address}` }),
      withToken(token),
    )
    expect(listed.status).toBe(200)
    const { sessions } = (await listed.json()) as { sessions: AuthSession[] }
    expect(sessions.map((s) => s.id)).toContain(session.id)
  })

  it('refuses a replayed nonce', async () => {
    const body = await signedBy()
    expect((await authenticate(body)).status).toBe(200)
    const before = await storedSessions()
    await expectRefused(authenticate(body), 401, 'NONCE_USED', before)
  })

  it('lets exactly one of two racing sign-ins with the same nonce win', async () => {
    const body = await signedBy()
    const before = await storedSessions()
    const answers = await Promise.all([authenticate(body), authenticate(body)])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401])
    expect(await storedSessions()).toBe(before + 1)
  })

  it('refuses an unknown nonce', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, 'abcdefgh12345678')
    await expectRefused(authenticate(body), 401, 'NONCE_UNKNOWN', before)
  })

  it('refuses a nonce of another project', async () => {
    const other = await server.app.portico.projects.create({
      name: 'Other shop',
      origins: ['http://localhost:*'],
    })
    const nonce = await newNonce(other.id)
    const before = await storedSessions()
    await expectRefused(
      authenticate(await signedBy(alice, nonce)),
      401,
      'NONCE_WRONG_PROJECT',
      before,
    )
    expect(await nonceUsed(nonce)).toBe(false)
    // The project it was issued for accepts it.
    expect((await authenticate(await signedBy(alice, nonce), { projectId: other.id })).status).toBe(
      200,
    )
  })

  it('refuses an expired nonce', async () => {
    const nonce = await newNonce()
    clock.now += AUTH_NONCE_TTL_MS
    const before = await storedSessions()
    await expectRefused(authenticate(await signedBy(alice, nonce)), 401, 'NONCE_EXPIRED', before)
  })

  it('refuses a domain other than the Origin, leaving the nonce usable', async () => {
    const nonce = await newNonce()
    const before = await storedSessions()
    const body = await signedBy(alice, nonce, { domain: 'evil.example.com' })
    await expectRefused(authenticate(body), 403, 'DOMAIN_MISMATCH', before)
    expect(await nonceUsed(nonce)).toBe(false)
    expect((await authenticate(await signedBy(alice, nonce))).status).toBe(200)
  })

  it('refuses a uri of another origin', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, undefined, { uri: 'https://evil.example.com/login' })
    await expectRefused(authenticate(body), 403, 'URI_MISMATCH', before)
  })

  it('without an Origin, accepts only a domain the project allows', async () => {
    const before = await storedSessions()
    const evil = await signedBy(alice, undefined, {
      domain: 'evil.example.com',
      uri: 'https://evil.example.com/',
    })
    await expectRefused(authenticate(evil, { origin: null }), 403, 'DOMAIN_MISMATCH', before)
    expect((await authenticate(await signedBy(), { origin: null })).status).toBe(200)
  })

  it('refuses an expired message', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, undefined, { expirationTime: new Date(clock.now - 1000) })
    await expectRefused(authenticate(body), 401, 'MESSAGE_EXPIRED', before)
  })

  it('refuses a message that is not yet valid', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, undefined, { notBefore: new Date(clock.now + 60_000) })
    await expectRefused(authenticate(body), 401, 'MESSAGE_NOT_YET_VALID', before)
  })

  it('refuses a message issued in the future', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, undefined, { issuedAt: new Date(clock.now + 10 * 60_000) })
    await expectRefused(authenticate(body), 401, 'MESSAGE_ISSUED_IN_FUTURE', before)
  })

  it('refuses a signature by another key', async () => {
    const nonce = await newNonce()
    const message = siweMessage(nonce)
    const signature = await mallory.signMessage({ message })
    const before = await storedSessions()
    await expectRefused(authenticate({ message, signature }), 401, 'INVALID_SIGNATURE', before)
    expect(await nonceUsed(nonce)).toBe(false)
  })

  it('refuses a malformed message', async () => {
    const before = await storedSessions()
    const message = await expectRefused(
      authenticate({ message: 'sign me in please', signature: '0x00' }),
      400,
      'INVALID_SIWX_MESSAGE',
      before,
    )
    expect(message).toMatch(/^Invalid sign-in message: /)
    const { message: good } = await signedBy()
    await expectRefused(
      authenticate({ message: good.replace('Version: 1', 'Version: 2'), signature: '0x00' }),
      400,
      'INVALID_SIWX_MESSAGE',
      before,
    )
    await expectRefused(
      authenticate({ message: good, signature: 7 }),
      400,
      'INVALID_REQUEST',
      before,
    )
  })

  it('refuses a chain that is not configured', async () => {
    const before = await storedSessions()
    const body = await signedBy(alice, undefined, { chainId: 10 })
    const message = await expectRefused(authenticate(body), 400, 'UNSUPPORTED_CHAIN', before)
    expect(message).toBe('Chain is not supported')
  })

  it('verifies an ERC-1271 contract account on chain', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const deployer = DEV_ACCOUNTS[0]?.privateKey as Hex
    const accountAddress: Address = getAddress(
      await deployOwnedAccount(anvil.rpcUrl, deployer, owner.address),
    )
    const nonce = await newNonce()
    const message = siweMessage(nonce, { address: accountAddress })
    const signature = await owner.signMessage({ message })
    const response = await authenticate({ message, signature })
    expect(response.status).toBe(200)
    const { session } = (await response.json()) as SignInBody
    expect(session.data.accountAddress).toBe(accountAddress)
    // Another key's signature is refused by the contract.
    const before = await storedSessions()
    const forged = siweMessage(await newNonce(), { address: accountAddress })
    await expectRefused(
      authenticate({ message: forged, signature: await mallory.signMessage({ message: forged }) }),
      401,
      'INVALID_SIGNATURE',
      before,
    )
  }, 60_000)

  it('verifies an ERC-6492 signature of an account not deployed yet', async () => {
    const owner = privateKeyToAccount(generatePrivateKey())
    const deployer = DEV_ACCOUNTS[0]?.privateKey as Hex
    const account = await prepareCounterfactualAccount(anvil.rpcUrl, deployer, owner.address)
    const accountAddress = getAddress(account.address)
    const wrap = (signature: Hex) =>
      serializeErc6492Signature({
        address: account.factory,
        data: account.factoryData,
        signature,
      })
    const message = siweMessage(await newNonce(), { address: accountAddress })
    const response = await authenticate({
      message,
      signature: wrap(await owner.signMessage({ message })),
    })
    expect(response.status).toBe(200)
    const { session } = (await response.json()) as SignInBody
    expect(session.data.accountAddress).toBe(accountAddress)
    // The check simulates the deployment; it does not deploy the account.
    const code = await fetch(anvil.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getCode',
        params: [accountAddress, 'latest'],
      }),
    }).then((answer) => answer.json() as Promise<{ result: Hex }>)
    expect(code.result).toBe('0x')
    const before = await storedSessions()
    const forged = siweMessage(await newNonce(), { address: accountAddress })
    await expectRefused(
      authenticate({
        message: forged,
        signature: wrap(await mallory.signMessage({ message: forged })),
      }),
      401,
      'INVALID_SIGNATURE',
      before,
    )
  }, 60_000)
})

describe('Solana sign-in (CAIP-122, ed25519)', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const address = encodeBase58(
    publicKey.export({ format: 'der', type: 'spki' }).subarray(-32) as Uint8Array,
  )

  async function solanaMessage(): Promise<string> {
    return formatSiwxMessage({
      domain: DOMAIN,
      namespace: 'solana',
      address,
      statement: 'Sign in to Portico',
      uri: `${ORIGIN}/`,
      version: '1',
      chainId: SOLANA_MAINNET,
      nonce: await newNonce(),
      issuedAt: new Date(clock.now).toISOString(),
    })
  }

  it('stores a session for a good ed25519 signature', async () => {
    const message = await solanaMessage()
    const signature = encodeBase58(sign(null, Buffer.from(message), privateKey))
    const response = await authenticate({ message, signature })
    expect(response.status).toBe(200)
    const { session } = (await response.json()) as SignInBody
    expect(session.data).toMatchObject({ accountAddress: address, chainId: SOLANA_MAINNET })
  })

  it('refuses a signature by another key', async () => {
    const message = await solanaMessage()
    const other = generateKeyPairSync('ed25519').privateKey
    const signature = encodeBase58(sign(null, Buffer.from(message), other))
    const before = await storedSessions()
    await expectRefused(authenticate({ message, signature }), 401, 'INVALID_SIGNATURE', before)
  })
})

describe('sessions', () => {
  it('lists only live sessions of the caller for that address', async () => {
    const first = await signIn()
    const second = await signIn()
    const short = await signIn(alice, { expirationTime: new Date(clock.now + 60_000) })
    const bob = await signIn(mallory)
    const address = `eip155:1:${alice.address.toLowerCase()}`
    const list = async (token: string, caip = address) => {
      const response = await fetch(url('/auth/v1/sessions', { address: caip }), withToken(token))
      expect(response.status).toBe(200)
      return ((await response.json()) as { sessions: AuthSession[] }).sessions.map((s) => s.id)
    }
    expect(await list(first.token)).toEqual(
      expect.arrayContaining([first.session.id, second.session.id, short.session.id]),
    )
    expect(await list(first.token)).not.toContain(bob.session.id)
    // Another account's address: none of the caller's sessions.
    expect(await list(first.token, `eip155:1:${mallory.address}`)).toEqual([])
    clock.now += 61_000
    expect(await list(first.token)).not.toContain(short.session.id)
    const expired = await fetch(url('/auth/v1/me'), withToken(short.token))
    expect(expired.status).toBe(401)
    expect(await expired.json()).toEqual({
      error: { code: 'SESSION_EXPIRED', message: 'Session Expired' },
    })
  })

  it('refuses a malformed address and a missing token', async () => {
    const { token } = await signIn()
    const bad = await fetch(url('/auth/v1/sessions', { address: 'alice' }), withToken(token))
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as ErrorBody).error.message).toBe('Invalid CAIP-10 address')
    const anonymous = await fetch(url('/auth/v1/me'), { headers: { origin: ORIGIN } })
    expect(anonymous.status).toBe(401)
    expect(((await anonymous.json()) as ErrorBody).error.code).toBe('SESSION_TOKEN_MISSING')
  })

  it("revokes the caller's sessions only, and a revoked token gets 401", async () => {
    const mine = await signIn()
    const other = await signIn()
    const bob = await signIn(mallory)
    const revoke = (token: string, id: string) =>
      fetch(url(`/auth/v1/sessions/${id}`), withToken(token, { method: 'DELETE' }))

    expect((await revoke(mine.token, bob.session.id)).status).toBe(404)
    expect((await fetch(url('/auth/v1/me'), withToken(bob.token))).status).toBe(200)

    expect((await revoke(mine.token, other.session.id)).status).toBe(204)
    expect((await fetch(url('/auth/v1/me'), withToken(other.token))).status).toBe(401)
    expect((await revoke(mine.token, other.session.id)).status).toBe(404)

    expect((await revoke(mine.token, mine.session.id)).status).toBe(204)
    const me = await fetch(url('/auth/v1/me'), withToken(mine.token))
    expect(me.status).toBe(401)
    expect(((await me.json()) as ErrorBody).error.code).toBe('SESSION_EXPIRED')
  })
})
