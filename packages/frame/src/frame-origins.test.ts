// @vitest-environment node
// (Node's own fetch: the server and the mail catcher run in this process.)
// One browser, two pages of origins the project allows: both frames share the frame origin's
// storage, as they do in a browser (same site, or storage not partitioned). A page gets the
// wallet only once the visitor logged in from it; against the real server (fresh database, real
// SMTP mail catcher, codes read from the mail).
import { randomBytes } from 'node:crypto'
import { type MailCatcher, startMailCatcher } from '@portico/devnet'
import { DEV_PROJECT_ID, type RunningServer } from '@portico/server'
import { Window } from 'happy-dom'
import { stringToHex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAME_STORAGE_KEYS } from './frame-storage'
import { type FrameTestServer, startFrameTestServer } from './test/frame-test-server'
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

const HOST = 'http://localhost:5173'
const OTHER = 'http://localhost:4000'
const NOT_CONNECTED = 'The embedded wallet is not connected'

/** The frame inside the page at `origin`, in the browser whose storage is `memory`. */
function frameAt(origin: string, memory: Map<string, string>) {
  const root = document.createElement('main')
  document.body.append(root)
  return loadTestFrame({
    projectId: DEV_PROJECT_ID,
    apiUrl: server.url,
    memory,
    root,
    parentOrigin: origin,
  })
}

async function logIn(frame: ReturnType<typeof frameAt>, email: string): Promise<void> {
  const since = catcher.count()
  await frame.request('CONNECT_EMAIL', { email })
  const mail = await catcher.waitForMail(email, { since })
  const otp = /\b(\d{6})\b/.exec(mail.subject)?.[1]
  await frame.request('CONNECT_OTP', { otp })
}

const rpc = (method: string, params?: unknown) => ({
  method,
  ...(params === undefined ? {} : { params }),
  chainId: 1,
})

// Each test logs in (a key made or put together, shares on the server): seconds on a busy machine.
describe('a page the visitor did not log in from', { timeout: 30_000 }, () => {
  const browser = new Map<string, string>()
  const email = `origins-${randomBytes(3).toString('hex')}@example.com`
  let address: string

  it('gets nothing of a login made on another page: not the user, the address, a signature or a mail', async () => {
    const host = frameAt(HOST, browser)
    await logIn(host, email)
    address = (await host.request<{ address: string }>('GET_USER', {})).address
    const mails = catcher.count()

    const other = frameAt(OTHER, browser)
    expect(await other.request('IS_CONNECTED')).toEqual({ isConnected: false })
    await expect(other.request('GET_USER', {})).rejects.toThrow(NOT_CONNECTED)
    expect(await other.request('RPC_REQUEST', rpc('eth_accounts'))).toEqual([])
    await expect(other.request('RPC_REQUEST', rpc('eth_requestAccounts'))).rejects.toThrow(
      NOT_CONNECTED,
    )
    await expect(
      other.request('RPC_REQUEST', rpc('personal_sign', [stringToHex('hi'), address])),
    ).rejects.toThrow(NOT_CONNECTED)
    // Asks that would mail the visitor, or change the login, are refused before the server.
    await expect(other.request('EXPORT_KEY_START')).rejects.toThrow(NOT_CONNECTED)
    await expect(other.request('UPDATE_EMAIL', { email: 'thief@example.com' })).rejects.toThrow(
      NOT_CONNECTED,
    )
    await expect(other.request('UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' })).rejects.toThrow(
      NOT_CONNECTED,
    )
    expect(catcher.count()).toBe(mails)
    expect(other.posted.map((message) => message.type)).not.toContain('FRAME_APPROVAL_REQUESTED')
    expect(other.root.textContent).toBe('')

    // Its sign-out ends nothing: the host page, reloaded, still has its wallet.
    await other.request('SIGN_OUT')
    const reloaded = frameAt(HOST, browser)
    expect(await reloaded.request('IS_CONNECTED')).toEqual({ isConnected: true })
    expect((await reloaded.request<{ address: string }>('GET_USER', {})).address).toBe(address)
  })

  it('gets the wallet once the visitor logs in from it, and the first page keeps it too', async () => {
    clock.now += 31_000
    const other = frameAt(OTHER, browser)
    await logIn(other, email)
    expect((await other.request<{ email: string }>('GET_USER', {})).email).toBe(email)
    expect(await frameAt(OTHER, browser).request('IS_CONNECTED')).toEqual({ isConnected: true })
    expect(await frameAt(HOST, browser).request('IS_CONNECTED')).toEqual({ isConnected: true })
  })

  it('loses it when a login to another wallet replaces it there', async () => {
    clock.now += 31_000
    await logIn(frameAt(OTHER, browser), `other-${randomBytes(3).toString('hex')}@example.com`)
    const host = frameAt(HOST, browser)
    expect(await host.request('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(await host.request('RPC_REQUEST', rpc('eth_accounts'))).toEqual([])
  })

  it('loses it for every page at sign-out', async () => {
    await frameAt(OTHER, browser).request('SIGN_OUT')
    expect(browser.has(FRAME_STORAGE_KEYS.session)).toBe(false)
    expect(await frameAt(OTHER, browser).request('IS_CONNECTED')).toEqual({ isConnected: false })
    expect(await frameAt(HOST, browser).request('IS_CONNECTED')).toEqual({ isConnected: false })
  })
})
