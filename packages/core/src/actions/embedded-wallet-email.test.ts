import { devAccount, type ScriptedAnswer, scriptedFrameEnvironment } from '@portico/test-kit'
import { createStorage, getConnection } from '@wagmi/core'
import { type Address, verifyMessage } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPorticoClient, type PorticoClient } from '../client/create-portico-client'
import { ensureEmbeddedWallet } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { mainnet } from '../networks'
import { accountStore, getAccount } from '../state/account'
import { connectionStore } from '../state/connection'
import { embeddedWalletStore, resetEmbeddedWallet, setFrameArea } from '../state/embedded-wallet'
import { closeModal, modalStore, openModal } from '../state/modal'
import { pushView, routerStore } from '../state/router'
import { hideToast, toastStore } from '../state/toast'
import { readStored } from '../storage'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { type Clock, setClock } from '../time/clock'
import {
  resendEmailLoginCode,
  signOutEmbeddedWallet,
  startEmailLogin,
  startKeyExport,
  verifyEmailLoginCode,
  verifyKeyExport,
} from './embedded-wallet-email'

const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

/** The frame's side: a session once the right code is given, the user, RPC answers. */
function wallet() {
  const server = { loggedIn: false, requests: [] as string[] }
  let releaseSignature: ((value: ScriptedAnswer) => void) | undefined
  const frame = scriptedFrameEnvironment(
    (type, payload) => {
      server.requests.push(type)
      const body = payload as Record<string, unknown>
      switch (type) {
        case 'CONNECT_EMAIL':
          return { ok: { action: 'VERIFY_OTP' } }
        case 'CONNECT_OTP':
          if (body.otp !== '123456') return { error: 'Invalid code' }
          server.loggedIn = true
          return { ok: {} }
        case 'IS_CONNECTED':
          return { ok: { isConnected: server.loggedIn } }
        case 'GET_USER':
          return {
            ok: {
              email: 'visitor@example.test',
              address: alice.toLowerCase(),
              chainId: 1,
              smartAccountDeployed: false,
              preferredAccountType: 'eoa',
              accounts: [{ address: alice, type: 'eoa' }],
            },
          }
        case 'SIGN_OUT':
          server.loggedIn = false
          return { ok: {} }
        case 'EXPORT_KEY_START':
          return { ok: { action: 'VERIFY_OTP' } }
        case 'EXPORT_KEY_OTP':
          return body.otp === '123456' ? { ok: {} } : { error: 'Invalid code' }
        case 'RPC_REQUEST':
          if (body.method === 'personal_sign')
            return new Promise<ScriptedAnswer>((resolve) => {
              releaseSignature = resolve
            })
          if (body.method === 'eth_blockNumber') return { ok: '0x10' }
          return { error: 'Requested RPC call is not allowed' }
        default:
          return { error: 'Not supported yet' }
      }
    },
    (type, payload, id) =>
      type === 'RPC_REQUEST' && (payload as { method: string }).method === 'personal_sign'
        ? [{ type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method: 'personal_sign' } }]
        : type === 'EXPORT_KEY_OTP' && (payload as { otp: string }).otp === '123456'
          ? [{ type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method: 'EXPORT_KEY' } }]
          : [],
  )
  return {
    ...frame,
    server,
    approve(signature: string) {
      releaseSignature?.({ ok: signature })
    },
  }
}

/** A page load: a client with this browser's wagmi storage and the frame above. */
function pageLoad(
  frame: ReturnType<typeof wallet>,
  storage = createStorage({ storage: memoryStorage() }),
) {
  const client = createPorticoClient(
    {
      projectId: 'p1',
      apiUrl: 'http://127.0.0.1:1',
      frameUrl: frame.frameUrl,
      networks: [mainnet],
    },
    { storage },
  )
  const embedded = ensureEmbeddedWallet(client, { environment: frame.environment })
  clients.push(client)
  return { client, storage, embedded }
}

/** A hand-set clock: now() is the test's, timers are real. */
function handClock(start: number) {
  const state = { now: start }
  const clock: Clock = {
    now: () => state.now,
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  }
  return { clock, state }
}

let clients: PorticoClient[] = []
beforeEach(() => {
  clients = []
  resetEmbeddedWallet()
  hideToast()
})
afterEach(() => {
  for (const client of clients) client.destroy()
  resetEmbeddedWallet()
  closeModal()
  setClock()
  clearMemoryFallback()
})

describe('logging in with an e-mail code', () => {
  it('sends a code, shows the code view, then connects wagmi to the frame address', async () => {
    const frame = wallet()
    const { client } = pageLoad(frame)
    openModal({ view: 'Connect' })
    await startEmailLogin(client, ' visitor@example.test ')
    expect(routerStore.get().view).toBe('EmailVerifyOtp')
    expect(routerStore.get().data?.email).toBe('visitor@example.test')
    expect(embeddedWalletStore.get().pendingEmail).toBe('visitor@example.test')

    await expect(verifyEmailLoginCode(client, '000000')).rejects.toMatchObject({
      shortMessage: 'Invalid code',
    })
    expect(getConnection(client.wagmiConfig).status).toBe('disconnected')

    await verifyEmailLoginCode(client, '123456')
    expect(getConnection(client.wagmiConfig).address).toBe(alice)
    expect(getAccount('eip155').connectedWalletInfo?.identifier).toBe('embeddedWallet')
    expect(embeddedWalletStore.get().user?.email).toBe('visitor@example.test')
    expect(readStored('emailLoginUsed')).toBe(true)
    expect(modalStore.get().open).toBe(false)
  }, 10_000)

  it('refuses another code within 30 s with "Please try again after {n} seconds"', async () => {
    const time = handClock(1_000_000)
    setClock(time.clock)
    const frame = wallet()
    const { client } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    time.state.now += 10_200
    await expect(resendEmailLoginCode(client)).rejects.toMatchObject({
      shortMessage: 'Please try again after 20 seconds',
    })
    time.state.now += 19_799
    await expect(resendEmailLoginCode(client)).rejects.toMatchObject({
      shortMessage: 'Please try again after 1 seconds',
    })
    time.state.now += 1
    await resendEmailLoginCode(client)
    expect(frame.server.requests.filter((type) => type === 'CONNECT_EMAIL')).toHaveLength(2)
  }, 10_000)
})

describe('the embedded wallet across page loads', () => {
  it('reconnects after a reload without a new code', async () => {
    const frame = wallet()
    const first = pageLoad(frame)
    await startEmailLogin(first.client, 'visitor@example.test')
    await verifyEmailLoginCode(first.client, '123456')
    first.client.destroy()
    // A reload: the page's stores start empty, the browser's storage stays.
    connectionStore.reset()
    accountStore.reset()
    resetEmbeddedWallet()

    const second = pageLoad(frame, first.storage)
    await second.client.start()
    expect(getConnection(second.client.wagmiConfig).address).toBe(alice)
    expect(embeddedWalletStore.get().user?.email).toBe('visitor@example.test')
    expect(frame.server.requests.filter((type) => type === 'CONNECT_EMAIL')).toHaveLength(1)
    expect(frame.server.requests).toContain('IS_CONNECTED')
  }, 10_000)

  it('does not load the frame at all for a page that never logged in by e-mail', async () => {
    const frame = wallet()
    const { client } = pageLoad(frame)
    await client.start()
    expect(frame.state.mounted).toEqual([])
  })

  it('signs out: the frame forgets the session and the page its login data', async () => {
    const frame = wallet()
    const { client } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    await signOutEmbeddedWallet(client)
    expect(frame.server.requests).toContain('SIGN_OUT')
    expect(readStored('emailLoginUsed')).toBeUndefined()
    expect(readStored('email')).toBeUndefined()
    expect(embeddedWalletStore.get().user).toBeUndefined()
    expect(getConnection(client.wagmiConfig).status).toBe('disconnected')
  }, 10_000)
})

describe('requests from the host page through the embedded wallet', () => {
  it('answers a safe request at once, through the frame', async () => {
    const frame = wallet()
    const { client, embedded } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    const provider = (await embedded.connector.getProvider()) as {
      request(args: { method: string }): Promise<unknown>
    }
    await expect(provider.request({ method: 'eth_blockNumber' })).resolves.toBe('0x10')
    expect(modalStore.get().open).toBe(false)
  }, 10_000)

  it('shows ApproveTransaction with the frame over it until the frame settles a not-safe request', async () => {
    const frame = wallet()
    const { client, embedded } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    const provider = (await embedded.connector.getProvider()) as {
      request(args: { method: string; params: unknown[] }): Promise<unknown>
    }
    const signature = provider.request({ method: 'personal_sign', params: ['0x68', alice] })
    await waitFor(() => embeddedWalletStore.get().approval !== undefined)
    expect(modalStore.get().open).toBe(true)
    expect(routerStore.get().view).toBe('ApproveTransaction')
    // The modal cannot be closed while the frame asks: only its buttons decide.
    expect(closeModal()).toBe(false)
    setFrameArea({ top: 10, left: 20, width: 360, height: 400 })
    expect(frame.state.shown).toEqual({ top: 10, left: 20, width: 360, height: 400 })

    // The frame signs with the account's key, as the real frame does: alice is anvil's first.
    const signed = await devAccount(0).signMessage({ message: { raw: '0x68' } })
    frame.approve(signed)
    const id = embeddedWalletStore.get().approval?.id
    frame.deliver(
      { type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } },
      'http://frame.test:8788',
    )
    await expect(signature).resolves.toBe(signed)
    expect(
      await verifyMessage({ address: alice, message: { raw: '0x68' }, signature: signed }),
    ).toBe(true)
    expect(frame.state.shown).toBeUndefined()
    expect(modalStore.get().open).toBe(false)
  }, 10_000)

  it('refuses a method the frame does not allow and shows "Action not allowed" after 300 ms', async () => {
    const frame = wallet()
    const { client, embedded } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    const provider = (await embedded.connector.getProvider()) as {
      request(args: { method: string }): Promise<unknown>
    }
    const started = Date.now()
    await expect(provider.request({ method: 'eth_sign' })).rejects.toMatchObject({
      message: 'Requested RPC call is not allowed',
      code: 4200,
    })
    expect(modalStore.get().open).toBe(true)
    expect(toastStore.get().open).toBe(false)
    await waitFor(() => toastStore.get().open)
    expect(Date.now() - started).toBeGreaterThanOrEqual(290)
    expect(toastStore.get().message).toBe('Action not allowed')
  }, 10_000)
})

async function waitFor(condition: () => boolean, timeoutMs = 3_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > end) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('key export', () => {
  it("asks a fresh code, then the frame shows the key in the code view's place: Done is back on Account", async () => {
    const frame = wallet()
    const { client } = pageLoad(frame)
    await startEmailLogin(client, 'visitor@example.test')
    await verifyEmailLoginCode(client, '123456')
    openModal({ view: 'Account' })
    pushView('ExportEmbeddedKey')
    await startKeyExport(client)
    await expect(verifyKeyExport(client, '000000')).rejects.toThrow('Invalid code')
    expect(routerStore.get().history).toEqual(['Account', 'ExportEmbeddedKey'])
    await verifyKeyExport(client, '123456')
    expect(embeddedWalletStore.get().approval?.method).toBe('EXPORT_KEY')
    expect(routerStore.get().history).toEqual(['Account', 'ApproveTransaction'])
    setFrameArea({ top: 10, left: 20, width: 360, height: 420 })
    expect(frame.state.shown).toEqual({ top: 10, left: 20, width: 360, height: 420 })

    const id = embeddedWalletStore.get().approval?.id
    frame.deliver(
      { type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } },
      'http://frame.test:8788',
    )
    expect(frame.state.shown).toBeUndefined()
    expect(routerStore.get().view).toBe('Account')
    expect(modalStore.get().open).toBe(true)
    expect(frame.server.requests.filter((type) => type.startsWith('EXPORT_KEY'))).toEqual([
      'EXPORT_KEY_START',
      'EXPORT_KEY_OTP',
      'EXPORT_KEY_OTP',
    ])
  }, 10_000)
})
