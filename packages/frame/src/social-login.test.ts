import { describe, expect, it } from 'vitest'
import { FRAME_STORAGE_KEYS } from './frame-storage'
import {
  finishSocialLogin,
  SOCIAL_NOT_STARTED_MESSAGE,
  SOCIAL_RESULT_ELSEWHERE_MESSAGE,
  startSocialLogin,
} from './social-login'
import { memoryStorage } from './test/memory-storage'
import { loadTestFrame } from './test/test-frame'
import { createWalletApi } from './wallet-api'

const PROJECT = 'f94537f769cddac7aff0d3d7b370838e'
const STATE = 'S'.repeat(43)
const PAGE = 'http://localhost:5173/'
const PAGE_ORIGIN = 'http://localhost:5173'
const BEGIN = 'http://server.test/v1/embedded-wallet/social/begin'

/** The server's social routes as the frame sees them, recording every body it was sent. */
function rig() {
  const calls: { path: string; body: Record<string, string> }[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname.replace('/v1/embedded-wallet', '')
    const body = init?.body ? JSON.parse(String(init.body)) : {}
    calls.push({ path, body })
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    if (path === '/social/start') return json(200, { beginUrl: BEGIN, state: STATE, expiresAt: '' })
    if (path === '/social/redeem')
      return json(200, {
        session: { token: 'T'.repeat(43), expiresAt: new Date(Date.now() + 60_000).toISOString() },
        user: { userId: 'u', email: null, userName: 'ada', socialProvider: 'github' },
        wallet: null,
      })
    if (path === '/wallet') return json(201, { wallet: { address: body.address } })
    return json(404, { error: { message: 'not here' } })
  }
  const memory = new Map<string, string>()
  const storage = memoryStorage(memory)
  const api = createWalletApi({ apiUrl: 'http://server.test', projectId: PROJECT, fetch })
  return { api, storage, memory, calls }
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Buffer.from(digest).toString('base64url')
}

describe('social login in the frame', () => {
  it('sends only the hash of its redeem secret at start and the secret itself at redeem', async () => {
    const { api, storage, memory, calls } = rig()
    const started = await startSocialLogin(api, storage, 'github', PAGE, PAGE_ORIGIN)
    expect(started).toEqual({ beginUrl: BEGIN, state: STATE })
    const challenge = calls[0]?.body.redeemChallenge as string
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Sealed by the time the start answers: the tab may leave for the provider at once.
    const pendingAtRest = memory.get(FRAME_STORAGE_KEYS.socialPending) ?? ''
    expect(pendingAtRest).toContain('"sealed"')

    const login = await finishSocialLogin(
      api,
      storage,
      'github',
      `${PAGE}?state=${STATE}&resultCode=${'R'.repeat(43)}`,
    )
    const redeem = calls.find((call) => call.path === '/social/redeem')?.body
    expect(redeem?.state).toBe(STATE)
    expect(await sha256(redeem?.redeemSecret as string)).toBe(challenge)
    expect(pendingAtRest).not.toContain(redeem?.redeemSecret)
    expect(login.userName).toBe('ada')
    expect(login.key.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(calls.map((call) => call.path)).toEqual(['/social/start', '/social/redeem', '/wallet'])
    expect(storage.social()).toEqual({ provider: 'github', userName: 'ada' })
    expect(memory.has(FRAME_STORAGE_KEYS.socialPending)).toBe(false)
  })

  it('refuses a result whose state it did not start, and redeems nothing', async () => {
    const { api, storage, calls } = rig()
    await startSocialLogin(api, storage, 'google', PAGE, PAGE_ORIGIN)
    const foreign = `${PAGE}?state=${'X'.repeat(43)}&resultCode=${'R'.repeat(43)}`
    await expect(finishSocialLogin(api, storage, 'google', foreign)).rejects.toThrow(
      SOCIAL_NOT_STARTED_MESSAGE,
    )
    const otherProvider = `${PAGE}?state=${STATE}&resultCode=${'R'.repeat(43)}`
    await expect(finishSocialLogin(api, storage, 'x', otherProvider)).rejects.toThrow(
      SOCIAL_NOT_STARTED_MESSAGE,
    )
    expect(calls.map((call) => call.path)).toEqual(['/social/start'])
  })

  it('refuses a result URI on another origin than the page that asked, and starts nothing', async () => {
    const { api, storage, calls } = rig()
    for (const elsewhere of ['https://attacker.example/steal', 'http://localhost:5174/', 'nope'])
      await expect(
        startSocialLogin(api, storage, 'google', elsewhere, PAGE_ORIGIN),
      ).rejects.toThrow(SOCIAL_RESULT_ELSEWHERE_MESSAGE)
    expect(calls).toEqual([])
    expect(storage.socialPending()).toBeUndefined()
  })

  it('turns a denied consent into a 4001 refusal and forgets the started login', async () => {
    const { api, storage, calls } = rig()
    await startSocialLogin(api, storage, 'x', PAGE, PAGE_ORIGIN)
    const denied = `${PAGE}?state=${STATE}&error=access_denied&errorDescription=whatever`
    await expect(finishSocialLogin(api, storage, 'x', denied)).rejects.toMatchObject({
      message: 'The x login was cancelled',
      code: 4001,
    })
    expect(storage.socialPending()).toBeUndefined()
    expect(calls.map((call) => call.path)).toEqual(['/social/start'])
  })
})

describe('CONNECT_SOCIAL through the frame app', () => {
  it('starts, finishes, then answers GET_USER with the provider and its user name', async () => {
    const { api, storage, memory } = rig()
    const { app, posted } = loadTestFrame({
      projectId: PROJECT,
      apiUrl: 'http://server.test',
      api,
      storage,
      root: document.body,
    })
    await app.handle({
      type: 'CONNECT_SOCIAL',
      id: 'start',
      payload: { provider: 'github', resultUri: PAGE },
    })
    await app.handle({
      type: 'CONNECT_SOCIAL',
      id: 'finish',
      payload: { provider: 'github', uri: `${PAGE}?state=${STATE}&resultCode=${'R'.repeat(43)}` },
    })
    await app.handle({ type: 'GET_USER', id: 'user', payload: {} })
    expect(posted[0]).toEqual({
      type: 'CONNECT_SOCIAL_SUCCESS',
      id: 'start',
      payload: { beginUrl: BEGIN, state: STATE },
    })
    expect(posted[1]).toEqual({ type: 'CONNECT_SOCIAL_SUCCESS', id: 'finish', payload: {} })
    expect(posted[2]).toMatchObject({
      type: 'GET_USER_SUCCESS',
      payload: { email: '', userName: 'ada', socialProvider: 'github' },
    })
    // Sign-out forgets the provider and name with the rest of the login.
    await app.handle({ type: 'SIGN_OUT', id: 'out', payload: {} })
    expect(memory.has(FRAME_STORAGE_KEYS.social)).toBe(false)
  })
})
