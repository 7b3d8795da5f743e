import { type ScriptedAnswer, scriptedFrameEnvironment } from '@portico/test-kit'
import { createStorage, getConnection } from '@wagmi/core'
import type { Address } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPorticoClient, type PorticoClient } from '../client/create-portico-client'
import { ensureEmbeddedWallet } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { mainnet } from '../networks'
import { accountStore, getAccount } from '../state/account'
import { resetEmbeddedWallet } from '../state/embedded-wallet'
import { closeModal, modalStore, openModal } from '../state/modal'
import { pushView } from '../state/router'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { type Clock, setClock } from '../time/clock'
import {
  FARCASTER_EXPIRED_MESSAGE,
  FARCASTER_NOT_CONFIGURED_MESSAGE,
  FARCASTER_POLL_INTERVAL_MS,
  type FarcasterLoginState,
  farcasterLoginStore,
  startFarcasterLogin,
} from './farcaster-login'

const custodyWallet: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const API = 'http://relay.test'
const TOKEN = 'A'.repeat(43)
const LINK = `https://farcaster.xyz/~/siwf?channelToken=${TOKEN}&nonce=abcdefgh12345678`
/** The commitment the frame answers to CONNECT_FARCASTER's first step (its secret stays there). */
const CHALLENGE = 'C'.repeat(43)

/** Our server's auth relay as the modal sees it: pending `pendingReads` times, then done. */
function relay(pendingReads: number) {
  const calls: { method: string; path: string; authorization?: string; body?: unknown }[] = []
  let reads = 0
  const fetchStub = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input)
    const headers = (init.headers ?? {}) as Record<string, string>
    calls.push({
      method: init.method ?? 'GET',
      path: `${url.pathname}${url.search}`,
      ...(headers.authorization ? { authorization: headers.authorization } : {}),
      ...(init.body ? { body: JSON.parse(String(init.body)) } : {}),
    })
    if (url.pathname === '/v1/channel' && init.method === 'POST') {
      return Response.json(
        { channelToken: TOKEN, url: LINK, connectUri: LINK, nonce: 'abcdefgh12345678' },
        { status: 201 },
      )
    }
    if (url.pathname === '/v1/channel/status') {
      reads++
      const done = reads > pendingReads
      return Response.json(
        { state: done ? 'completed' : 'pending', nonce: 'abcdefgh12345678', url: LINK },
        { status: done ? 200 : 202 },
      )
    }
    return Response.json({ error: { message: 'Not found' } }, { status: 404 })
  })
  return { fetchStub, calls, statusReads: () => reads }
}

/**
 * The frame: CONNECT_FARCASTER with no field answers the commitment; with the channel token it
 * logs in unless `refusal` is given.
 */
function wallet(refusal?: string) {
  const requests: { type: string; payload: unknown }[] = []
  let loggedIn = false
  const frame = scriptedFrameEnvironment((type, payload): ScriptedAnswer => {
    requests.push({ type, payload })
    switch (type) {
      case 'CONNECT_FARCASTER':
        if (!(payload as { channelToken?: string }).channelToken) {
          return { ok: { redeemChallenge: CHALLENGE } }
        }
        if (refusal) return { error: refusal }
        loggedIn = true
        return { ok: {} }
      case 'IS_CONNECTED':
        return { ok: { isConnected: loggedIn } }
      case 'GET_USER':
        return {
          ok: {
            email: '',
            address: custodyWallet,
            chainId: 1,
            smartAccountDeployed: false,
            preferredAccountType: 'eoa',
            accounts: [{ address: custodyWallet, type: 'eoa' }],
          },
        }
      default:
        return { ok: {} }
    }
  })
  return { ...frame, requests }
}

/** Time the test moves: each wait of the poll advances it and fires at once; others are real. */
function steppingClock(start: number): Clock {
  let now = start
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      if (ms !== FARCASTER_POLL_INTERVAL_MS) return globalThis.setTimeout(callback, ms)
      now += ms
      return globalThis.setTimeout(callback, 0)
    },
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
}

let clients: PorticoClient[] = []
function pageWith(frame: ReturnType<typeof wallet>) {
  const client = createPorticoClient(
    { projectId: 'p1', apiUrl: API, frameUrl: frame.frameUrl, networks: [mainnet] },
    { storage: createStorage({ storage: undefined }) },
  )
  ensureEmbeddedWallet(client, { environment: frame.environment })
  clients.push(client)
  return client
}

function settled(): Promise<FarcasterLoginState> {
  return vi.waitFor(
    () => {
      const { login } = farcasterLoginStore.get()
      if (login.status !== 'failed' && login.status !== 'idle') throw new Error('not yet')
      return login
    },
    { timeout: 5_000 },
  )
}

beforeEach(() => {
  clients = []
  resetEmbeddedWallet()
  setClock(steppingClock(1_000_000))
})
afterEach(() => {
  for (const client of clients) client.destroy()
  vi.unstubAllGlobals()
  closeModal()
  setClock()
  clearMemoryFallback()
  farcasterLoginStore.reset()
  accountStore.reset()
})

describe('Sign In With Farcaster', () => {
  it('shows the link, waits while the channel is pending, then logs the frame in and connects wagmi', async () => {
    const server = relay(2)
    vi.stubGlobal('fetch', server.fetchStub)
    const frame = wallet()
    const client = pageWith(frame)
    openModal({ view: 'Connect' })
    pushView('ConnectingFarcaster')
    const seen: FarcasterLoginState[] = []
    const unsubscribe = farcasterLoginStore.subscribe(({ login }) => seen.push(login))
    const accountUrls: (string | undefined)[] = []
    const unsubscribeAccount = accountStore.subscribe(() =>
      accountUrls.push(getAccount('eip155').farcasterUrl),
    )

    startFarcasterLogin(client)
    expect(await settled()).toEqual({ status: 'idle' })
    unsubscribe()
    unsubscribeAccount()
    // The account state carried the link while the channel was open; connected, it is gone.
    expect(accountUrls).toContain(LINK)
    expect(getAccount('eip155')).toMatchObject({ address: custodyWallet, farcasterUrl: undefined })

    expect(seen).toContainEqual({
      status: 'waiting',
      farcasterUrl: LINK,
      expiresAt: 1_000_000 + 5 * 60_000,
    })
    expect(server.calls[0]).toEqual({
      method: 'POST',
      // The project's channel: the server takes it only for a site of the project. The SDK
      // parameters go with it, as with every call to our server (docs/product.md#calls).
      path: '/v1/channel?projectId=p1&st=portico&sv=0.1.0',
      // No page here (Node): the message is to name localhost. The frame's commitment binds
      // the channel to the secret the frame keeps: the page never sees that secret.
      body: { domain: 'localhost', siweUri: 'http://localhost', redeemChallenge: CHALLENGE },
    })
    expect(server.statusReads()).toBe(3)
    // Only the status reads: once connected, the page goes on to other routes of the API.
    const statusReads = server.calls.filter((call) => call.path.startsWith('/v1/channel/status?'))
    expect(statusReads).toHaveLength(3)
    expect(statusReads.every((call) => call.authorization === `Bearer ${TOKEN}`)).toBe(true)
    expect(frame.requests.filter(({ type }) => type === 'CONNECT_FARCASTER')).toEqual([
      { type: 'CONNECT_FARCASTER', payload: {} },
      { type: 'CONNECT_FARCASTER', payload: { channelToken: TOKEN } },
    ])
    expect(getConnection(client.wagmiConfig).address).toBe(custodyWallet)
    expect(modalStore.get().open).toBe(false)
  }, 10_000)

  it('gives up when the channel expires unsigned, reading no more after', async () => {
    const server = relay(Number.POSITIVE_INFINITY)
    vi.stubGlobal('fetch', server.fetchStub)
    const client = pageWith(wallet())
    startFarcasterLogin(client)
    expect(await settled()).toEqual({ status: 'failed', message: FARCASTER_EXPIRED_MESSAGE })
    // An expired link is no use to anyone: the account state no longer carries it.
    expect(getAccount('eip155').farcasterUrl).toBeUndefined()
    const reads = server.statusReads()
    expect(reads).toBe(Math.ceil((5 * 60_000) / FARCASTER_POLL_INTERVAL_MS))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(server.statusReads()).toBe(reads)
    expect(getConnection(client.wagmiConfig).status).toBe('disconnected')
  }, 10_000)

  it('shows the refusal when the frame cannot redeem the channel, and stays disconnected', async () => {
    vi.stubGlobal('fetch', relay(0).fetchStub)
    const client = pageWith(wallet('The Farcaster channel is unknown or has expired'))
    startFarcasterLogin(client)
    expect(await settled()).toEqual({
      status: 'failed',
      message: 'The Farcaster channel is unknown or has expired',
    })
    expect(getConnection(client.wagmiConfig).status).toBe('disconnected')
  }, 10_000)

  it('refuses to start without the embedded wallet frame, making no channel', async () => {
    const server = relay(0)
    vi.stubGlobal('fetch', server.fetchStub)
    const client = createPorticoClient(
      { projectId: 'p1', apiUrl: API, networks: [mainnet] },
      { storage: createStorage({ storage: undefined }) },
    )
    clients.push(client)
    startFarcasterLogin(client)
    expect(await settled()).toEqual({ status: 'failed', message: FARCASTER_NOT_CONFIGURED_MESSAGE })
    expect(server.calls).toEqual([])
  })

  it('reads again after a status read that failed, until the channel is done', async () => {
    const server = relay(1)
    let failures = 2
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      if (input.includes('/status') && failures-- > 0) throw new TypeError('fetch failed')
      return server.fetchStub(input, init)
    })
    const client = pageWith(wallet())
    startFarcasterLogin(client)
    expect(await settled()).toEqual({ status: 'idle' })
    expect(server.statusReads()).toBe(2)
    expect(getConnection(client.wagmiConfig).address).toBe(custodyWallet)
  }, 10_000)

  it('stops reading the status when the view goes', async () => {
    const server = relay(Number.POSITIVE_INFINITY)
    vi.stubGlobal('fetch', server.fetchStub)
    // Real time here: the poll waits its interval, so the stop lands while it waits.
    setClock()
    const stop = startFarcasterLogin(pageWith(wallet()))
    await vi.waitFor(() => expect(server.statusReads()).toBe(1))
    expect(getAccount('eip155').farcasterUrl).toBe(LINK)
    stop()
    expect(farcasterLoginStore.get().login).toEqual({ status: 'idle' })
    expect(getAccount('eip155').farcasterUrl).toBeUndefined()
    await new Promise((resolve) => setTimeout(resolve, FARCASTER_POLL_INTERVAL_MS + 300))
    expect(server.statusReads()).toBe(1)
  }, 10_000)
})
