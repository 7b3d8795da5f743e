// @vitest-environment node
// (Node's own fetch and URL: the server and the mail catcher run in this process. The frame's
// confirm and key view get a happy-dom document below.)
// The frame's login and key handling against the real server (fresh database, real SMTP mail
// catcher; codes read from the mail): a first login makes and splits the key, a reload
// reconnects without a code, a new browser gets the same address back through the recovery
// share and rotates the shares, the old browser then is asked to log in again and gets its
// address back, sign-out revokes the session, and key export needs a fresh code.
import { randomBytes } from 'node:crypto'
import { type MailCatcher, startMailCatcher } from '@portico/devnet'
import { EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS } from '@portico/protocol/embedded-wallet-api'
import { DEV_PROJECT_ID, type RunningServer } from '@portico/server'
import { Window } from 'happy-dom'
import type { Hex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_STORAGE_KEYS } from './frame-storage'
import { combineShares } from './key-shares'
import { type FrameTestServer, startFrameTestServer } from './test/frame-test-server'
import { memoryStorage } from './test/memory-storage'
import { loadTestFrame } from './test/test-frame'

let server: RunningServer
let catcher: MailCatcher
let running: FrameTestServer | undefined
const clock = { now: Date.now() }

beforeAll(async () => {
  const window = new Window()
  Object.assign(globalThis, { document: window.document })
  catcher = await startMailCatcher()
  running = await startFrameTestServer({ smtpUrl: catcher.smtpUrl, clock: () => clock.now })
  server = running.server
}, 60_000)

afterAll(async () => {
  await running?.stop()
  await catcher?.stop()
})

/** One browser's frame storage (what localStorage keeps across reloads). */
function browser() {
  return new Map<string, string>()
}

/** A frame page loaded in `memory`'s browser. */
function loadFrame(memory: Map<string, string>) {
  const root = document.createElement('main')
  document.body.append(root)
  return loadTestFrame({ projectId: DEV_PROJECT_ID, apiUrl: server.url, memory, root })
}

async function codeFor(email: string, since: number): Promise<string> {
  const mail = await catcher.waitForMail(email, { since })
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1]
  if (!code) throw new Error('no code in the mail')
  return code
}

async function logIn(frame: ReturnType<typeof loadFrame>, email: string): Promise<void> {
  const since = catcher.count()
  expect(await frame.request('CONNECT_EMAIL', { email })).toEqual({ action: 'VERIFY_OTP' })
  await frame.request('CONNECT_OTP', { otp: await codeFor(email, since) })
}

async function serverShare(token: string, kind: 'auth' | 'recovery'): Promise<Hex> {
  const response = await fetch(
    `${server.url}/v1/embedded-wallet/shares/${kind}?projectId=${DEV_PROJECT_ID}`,
    { headers: { authorization: `Bearer ${token}` } },
  )
  const body = (await response.json()) as { authShare?: Hex; recoveryShare?: Hex }
  return (body.authShare ?? body.recoveryShare) as Hex
}

/** The session token and device share as the frame of `memory`'s browser reads them. */
async function stored(memory: Map<string, string>) {
  const storage = memoryStorage(memory)
  await storage.load()
  const token = storage.session()?.token as string
  const device = storage.deviceShare() as { address: string; share: Hex }
  return { token, device }
}

interface User {
  email: string
  address: string
  chainId: number
}

// A real server, mail catcher and PGlite in this process: on a loaded machine a login takes
// seconds (as the server project's 60 s test time-out allows for).
describe('the embedded wallet key, as the frame handles it', { timeout: 30_000 }, () => {
  const email = `frame-${randomBytes(3).toString('hex')}@example.com`
  const first = browser()
  let address: string

  it('makes the key at the first login, keeps only the device share, and the server the other two', async () => {
    const frame = loadFrame(first)
    await logIn(frame, email)
    const user = await frame.request<User>('GET_USER', {})
    address = user.address
    expect(user).toEqual({
      email,
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 1,
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
      accounts: [{ address, type: 'eoa' }],
    })
    const { token, device } = await stored(first)
    expect(device.address).toBe(address)
    // Device + auth share give the key of the stored address; nothing stored holds the key.
    const key = await combineShares(device.share, await serverShare(token, 'auth'), address)
    expect(key && privateKeyToAddress(key)).toBe(address)
    for (const value of first.values()) expect(value.includes((key as string).slice(2))).toBe(false)
    // One share alone is not the key.
    expect(await combineShares(device.share, device.share, address)).toBeUndefined()
  })

  it('reconnects after a reload without a new code', async () => {
    const mails = catcher.count()
    const reloaded = loadFrame(first)
    expect(await reloaded.request('IS_CONNECTED')).toEqual({ isConnected: true })
    expect((await reloaded.request<User>('GET_USER', { chainId: 8453 })).address).toBe(address)
    expect(catcher.count()).toBe(mails)
  })

  it('gives a new browser the same address through the recovery share, then rotates the shares', async () => {
    const before = await serverShare((await stored(first)).token, 'auth')
    clock.now += 31_000
    const second = browser()
    const frame = loadFrame(second)
    await logIn(frame, email)
    expect((await frame.request<User>('GET_USER', {})).address).toBe(address)
    const { token, device } = await stored(second)
    const after = await serverShare(token, 'auth')
    expect(after).not.toBe(before)
    expect(await combineShares(device.share, after, address)).toBeDefined()
    // The first browser's share belongs to the old split: with the new auth share it is nothing.
    const stale = (await stored(first)).device.share
    expect(await combineShares(stale, after, address)).toBeUndefined()
  })

  it('asks the first browser, whose share is now stale, to log in again, then gives it the same address', async () => {
    const stale = (await stored(first)).device
    // Its session is past the minutes after its login in which the server gives recovery.
    clock.now += EMBEDDED_WALLET_RECOVERY_WINDOW_SECONDS * 1000
    const frame = loadFrame(first)
    expect(await frame.request('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(first.has(FRAME_STORAGE_KEYS.session)).toBe(false)
    expect((await stored(first)).device).toEqual(stale)
    clock.now += 31_000
    await logIn(frame, email)
    expect((await frame.request<User>('GET_USER', {})).address).toBe(address)
    expect((await stored(first)).device.share).not.toBe(stale.share)
  })

  it('shows the key only after a fresh export code, inside the frame', async () => {
    const frame = loadFrame(first)
    clock.now += 31_000
    const since = catcher.count()
    expect(await frame.request('EXPORT_KEY_START')).toEqual({ action: 'VERIFY_OTP' })
    await expect(frame.request('EXPORT_KEY_OTP', { otp: '000000' })).rejects.toThrow()
    expect(frame.root.textContent).toBe('')
    await frame.request('EXPORT_KEY_OTP', { otp: await codeFor(email, since) })
    const shown = frame.root.querySelector('output')?.textContent as Hex
    expect(privateKeyToAddress(shown)).toBe(address)
    expect(frame.posted).toContainEqual({
      type: 'FRAME_APPROVAL_REQUESTED',
      payload: { id: expect.any(String), method: 'EXPORT_KEY' },
    })
    // The answer to the host carries nothing of the key.
    for (const message of frame.posted) {
      expect(JSON.stringify(message).includes(shown.slice(2))).toBe(false)
    }
  })

  it('signs out: the session is revoked on the server and the cached login data is gone', async () => {
    const { token } = await stored(first)
    const frame = loadFrame(first)
    await frame.request('SIGN_OUT')
    expect(first.has(FRAME_STORAGE_KEYS.session)).toBe(false)
    expect(first.has(FRAME_STORAGE_KEYS.email)).toBe(false)
    const me = await fetch(`${server.url}/v1/embedded-wallet/me?projectId=${DEV_PROJECT_ID}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(me.status).toBe(401)
    expect(await loadFrame(first).request('IS_CONNECTED')).toEqual({ isConnected: false })
  })
})
