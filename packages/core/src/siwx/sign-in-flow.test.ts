// The sign-in flow's rules (docs/product.md#sign-in-siwx) with the stores alone: a sign-in
// config that keeps sessions in memory and a connection client whose answers the test decides;
// the wallet signs with anvil's first dev key, so the signatures stored are real ones.
import { devAccount, signedMessage } from '@portico/test-kit'
import { verifyMessage } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type PorticoEvent, subscribeEvents } from '../events/events'
import { base, mainnet } from '../networks'
import { clearAccount, updateAccount } from '../state/account'
import { connectionStore } from '../state/connection'
import { closeModal, isModalOpen, modalStore, openModal } from '../state/modal'
import { networkStore } from '../state/network'
import { routerStore, setRouterCloseHandler } from '../state/router'
import { siwxStore } from '../state/siwx'
import { hideToast, toastStore } from '../state/toast'
import { writeStored } from '../storage'
import { clearMemoryFallback } from '../storage/fallback-storage'
import {
  cancelSignMessage,
  configureSignIn,
  initializeIfEnabled,
  requestSignMessage,
  type SignInClient,
  startSignInFlow,
} from './sign-in-flow'
import type { SiwxConfig, SiwxSession } from './siwx-types'

const wallet = devAccount(0)
const alice = wallet.address
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 })

/** A sign-in config that keeps sessions in memory, keyed by `chainId:address`. */
function memorySiwx(options: { required?: boolean } = {}) {
  const sessions = new Map<string, SiwxSession[]>()
  let nonce = 0
  const config = {
    getSessions: vi.fn(async (chainId: string, address: string) => [
      ...(sessions.get(`${chainId}:${address}`) ?? []),
    ]),
    createMessage: vi.fn(async ({ accountAddress, chainId }) => {
      const data = {
        accountAddress,
        chainId,
        domain: 'localhost',
        uri: 'http://localhost/',
        version: '1',
        nonce: `nonce${++nonce}`,
      }
      return { data, message: `sign in ${accountAddress} on ${chainId} with ${data.nonce}` }
    }),
    addSession: vi.fn(async (session: SiwxSession) => {
      const key = `${session.data.chainId}:${session.data.accountAddress}`
      sessions.set(key, [...(sessions.get(key) ?? []), session])
    }),
    revokeSession: vi.fn(async () => undefined),
    setSessions: vi.fn(async (next: SiwxSession[]) => {
      sessions.clear()
      for (const session of next) await config.addSession(session)
    }),
    getRequired: () => options.required ?? true,
  } satisfies SiwxConfig
  return { config, sessions }
}

function fakeClient(): SignInClient & {
  signMessage: ReturnType<typeof vi.fn>
  disconnect: ReturnType<typeof vi.fn>
} {
  return {
    signMessage: vi.fn((message: string) => wallet.signMessage({ message })),
    disconnect: vi.fn(async () => {
      // What the client's disconnect does to the stores, in its order: wagmi reports the
      // status first, the account is cleared after.
      connectionStore.set({ status: 'disconnected' })
      clearAccount('eip155')
      closeModal()
    }),
  }
}

function connectAs(address: string, network = mainnet) {
  connectionStore.set({ status: 'connected' })
  updateAccount('eip155', {
    address,
    caipAddress: `${network.caipNetworkId}:${address}`,
    connectedWalletInfo: { name: 'Test Wallet', identifier: 'dev.portico.testwallet' },
  })
  networkStore.set({ activeCaipNetwork: network, unsupportedChainId: undefined })
}

let events: PorticoEvent[] = []
const stops: (() => void)[] = []

beforeEach(() => {
  events = []
  stops.push(subscribeEvents((event) => events.push(event)))
  networkStore.reset()
  networkStore.set({ requestedCaipNetworks: [mainnet, base] })
  modalStore.reset()
  routerStore.reset()
  siwxStore.reset()
  connectionStore.reset()
  clearAccount('eip155')
  hideToast()
  toastStore.reset()
})

afterEach(() => {
  for (const stop of stops.splice(0)) stop()
  configureSignIn({})
  setRouterCloseHandler(undefined)
  clearMemoryFallback()
})

function start(siwx: SiwxConfig, client = fakeClient()) {
  stops.push(startSignInFlow({ siwx, client }))
  return client
}

const tracked = (name: string) => events.filter((event) => event.event === name)

describe('when an account connects', () => {
  it('opens SIWXSignMessage for an address with no session on a supported network', async () => {
    const { config } = memorySiwx()
    connectAs(alice)
    start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    expect(isModalOpen()).toBe(true)
    expect(config.getSessions).toHaveBeenCalledWith('eip155:1', alice)
    expect(siwxStore.get()).toMatchObject({
      status: 'unauthenticated',
      caipAddress: `eip155:1:${alice}`,
    })
  })

  it('asks nothing when the address already has a session on that chain', async () => {
    const { config } = memorySiwx()
    const session: SiwxSession = {
      data: {
        chainId: 'eip155:1',
        accountAddress: alice,
        domain: 'localhost',
        uri: 'http://localhost/',
        version: '1',
        nonce: 'abcdefgh',
      },
      message: 'localhost wants you to sign in',
      signature: await signedMessage('localhost wants you to sign in', wallet),
    }
    await config.addSession(session)
    connectAs(alice)
    start(config)
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
    expect(siwxStore.get().session).toEqual(session)
    expect(isModalOpen()).toBe(false)
  })

  it('asks nothing while the wallet is on a network the app did not request', async () => {
    const { config } = memorySiwx()
    connectAs(alice)
    networkStore.set({ unsupportedChainId: 10 })
    start(config)
    await initializeIfEnabled(`eip155:10:${alice}`)
    expect(config.getSessions).not.toHaveBeenCalled()
    expect(isModalOpen()).toBe(false)
    expect(siwxStore.get().status).toBe('idle')
  })

  it('asks again for another account, and not for one that signed in before', async () => {
    const { config } = memorySiwx()
    connectAs(alice)
    const client = start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await requestSignMessage()
    expect(client.signMessage).toHaveBeenCalledTimes(1)
    expect(isModalOpen()).toBe(false)

    connectAs(bob)
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('unauthenticated'))
    expect(siwxStore.get().caipAddress).toBe(`eip155:1:${bob}`)
    expect(routerStore.get().view).toBe('SIWXSignMessage')
    expect(isModalOpen()).toBe(true)
    await requestSignMessage()

    connectAs(alice)
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
    expect(siwxStore.get().session?.data.accountAddress).toBe(alice)
    expect(client.signMessage).toHaveBeenCalledTimes(2)
  })

  it('asks again on another chain for the same address', async () => {
    const { config } = memorySiwx()
    connectAs(alice)
    start(config)
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('unauthenticated'))
    await requestSignMessage()
    connectAs(alice, base)
    await vi.waitFor(() => expect(siwxStore.get().caipAddress).toBe(`eip155:8453:${alice}`))
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('unauthenticated'))
    expect(config.getSessions).toHaveBeenLastCalledWith('eip155:8453', alice)
  })

  it('disconnects, resets to Connect and says so when the session lookup fails', async () => {
    const { config } = memorySiwx()
    config.getSessions.mockRejectedValueOnce(new Error('HTTP status code: 500'))
    connectAs(alice)
    openModal({ view: 'ConnectingExternal' })
    const client = start(config)
    await vi.waitFor(() => expect(client.disconnect).toHaveBeenCalled())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('Connect'))
    expect(toastStore.get()).toMatchObject({
      message: 'A problem occurred while trying initialize authentication',
      variant: 'error',
      open: true,
    })
    expect(tracked('SIWX_AUTH_ERROR')).toHaveLength(1)
    expect(siwxStore.get().status).toBe('idle')
  })

  it('clears the sessions when the wallet disconnects', async () => {
    const { config } = memorySiwx()
    connectAs(alice)
    const client = start(config)
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('unauthenticated'))
    await requestSignMessage()
    await client.disconnect()
    await vi.waitFor(() => expect(config.setSessions).toHaveBeenCalledWith([]))
    expect(siwxStore.get()).toMatchObject({ status: 'idle', session: undefined })
  })
})

describe('signing', () => {
  async function signView(options: { required?: boolean } = {}) {
    const { config, sessions } = memorySiwx(options)
    connectAs(alice)
    const client = start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    return { config, sessions, client }
  }

  it('stores the session, closes the modal and tracks SIWX_AUTH_SUCCESS', async () => {
    const { config, client } = await signView()
    await requestSignMessage()
    const message = `sign in ${alice} on eip155:1 with nonce1`
    expect(config.createMessage).toHaveBeenCalledWith({
      chainId: 'eip155:1',
      accountAddress: alice,
    })
    expect(client.signMessage).toHaveBeenCalledWith(message)
    expect(config.addSession).toHaveBeenCalledWith({
      data: expect.objectContaining({ nonce: 'nonce1', accountAddress: alice }),
      message,
      signature: await signedMessage(message, wallet),
    })
    const [stored] = config.addSession.mock.calls.at(-1) ?? []
    expect(
      await verifyMessage({
        address: alice,
        message,
        signature: stored?.signature as `0x${string}`,
      }),
    ).toBe(true)
    expect(isModalOpen()).toBe(false)
    expect(siwxStore.get()).toMatchObject({ status: 'authenticated', error: undefined })
    expect(tracked('SIWX_AUTH_SUCCESS')).toEqual([
      expect.objectContaining({ properties: { network: 'eip155:1', isSmartAccount: false } }),
    ])
  })

  it("shows 'Signature declined' on the sign view when the wallet declines; signing again works", async () => {
    const { config, client } = await signView()
    client.signMessage.mockRejectedValueOnce(rejected())
    await requestSignMessage()
    expect(isModalOpen()).toBe(true)
    expect(routerStore.get().view).toBe('SIWXSignMessage')
    expect(siwxStore.get()).toMatchObject({
      status: 'unauthenticated',
      error: { message: 'Signature declined' },
    })
    expect(siwxStore.get().error?.reason).toBeUndefined()
    // Said once, in the view's alert, not again in a toast over it.
    expect(toastStore.get().open).toBe(false)
    expect(tracked('SIWX_AUTH_ERROR')).toHaveLength(1)
    expect(config.addSession).not.toHaveBeenCalled()

    await requestSignMessage()
    expect(siwxStore.get()).toMatchObject({ status: 'authenticated', error: undefined })
    expect(isModalOpen()).toBe(false)
  })

  it('keeps the reason when the signed message is refused', async () => {
    const { config } = await signView()
    config.addSession.mockRejectedValueOnce(new Error('The message has expired'))
    await requestSignMessage()
    expect(siwxStore.get().error).toEqual({
      message: 'Signature declined',
      reason: 'The message has expired',
    })
    expect(siwxStore.get().session).toBeUndefined()
  })

  it('reopens the sign view when the modal was closed meanwhile', async () => {
    const { client } = await signView({ required: false })
    client.signMessage.mockImplementationOnce(async () => {
      closeModal()
      throw rejected()
    })
    await requestSignMessage()
    expect(isModalOpen()).toBe(true)
    expect(routerStore.get().view).toBe('SIWXSignMessage')
  })

  it('stays on ApproveTransaction when the failure comes from there', async () => {
    const { client } = await signView()
    client.signMessage.mockImplementationOnce(async () => {
      openModal({ view: 'ApproveTransaction' })
      throw rejected()
    })
    await requestSignMessage()
    expect(routerStore.get().view).toBe('ApproveTransaction')
    expect(siwxStore.get().error?.message).toBe('Signature declined')
    expect(toastStore.get()).toMatchObject({ message: 'Signature declined', variant: 'error' })
  })

  it('names smart accounts in the failure', async () => {
    const { client } = await signView()
    connectionStore.set({
      connectors: [{ id: 'auth', name: 'Email', type: 'AUTH', chain: 'eip155' }],
    })
    updateAccount('eip155', { connectedWalletInfo: { name: 'Email', identifier: 'auth' } })
    writeStored('preferredAccountType', 'smartAccount')
    client.signMessage.mockRejectedValueOnce(rejected())
    await requestSignMessage()
    expect(siwxStore.get().error?.message).toBe('This application might not support Smart Accounts')
    expect(tracked('SIWX_AUTH_ERROR').at(-1)?.properties?.isSmartAccount).toBe(true)
  })

  it('does not sign in an account that was switched away from while it signed', async () => {
    const { client } = await signView()
    client.signMessage.mockImplementationOnce(async (message: string) => {
      connectAs(bob)
      return wallet.signMessage({ message })
    })
    await requestSignMessage()
    await vi.waitFor(() => expect(siwxStore.get().caipAddress).toBe(`eip155:1:${bob}`))
    expect(siwxStore.get().session).toBeUndefined()
  })
})

describe('what signing needs', () => {
  it.each([
    ['SIWX is not enabled', () => configureSignIn({ client: fakeClient() })],
    [
      'No ActiveCaipAddress found',
      () => {
        configureSignIn({ siwx: memorySiwx().config, client: fakeClient() })
        networkStore.set({ activeCaipNetwork: mainnet })
      },
    ],
    [
      'No ActiveCaipNetwork or client found',
      () => {
        configureSignIn({ siwx: memorySiwx().config, client: fakeClient() })
        updateAccount('eip155', { address: alice, caipAddress: `eip155:1:${alice}` })
      },
    ],
    [
      'No ConnectionController client found',
      () => {
        configureSignIn({ siwx: memorySiwx().config })
        connectAs(alice)
      },
    ],
  ])("refuses with '%s' and changes nothing", async (message, arrange) => {
    arrange()
    const before = siwxStore.get()
    await expect(requestSignMessage()).rejects.toThrow(message)
    expect(siwxStore.get()).toBe(before)
    expect(isModalOpen()).toBe(false)
    expect(events).toEqual([])
  })
})

describe('cancelling', () => {
  it('disconnects the wallet when sign-in is required, then resets to Connect', async () => {
    const { config } = memorySiwx({ required: true })
    connectAs(alice)
    const client = start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await cancelSignMessage()
    expect(client.disconnect).toHaveBeenCalledTimes(1)
    // Nothing asks again once the wallet is gone (pending lookups settle within a tick).
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(isModalOpen()).toBe(false)
    expect(routerStore.get()).toMatchObject({ view: 'Connect', history: ['Connect'] })
    expect(siwxStore.get().status).toBe('idle')
    expect(tracked('CLICK_CANCEL_SIWX')).toEqual([
      expect.objectContaining({ properties: { network: 'eip155:1', isSmartAccount: false } }),
    ])
  })

  it('only closes the modal when sign-in is optional, then resets to Connect', async () => {
    const { config } = memorySiwx({ required: false })
    connectAs(alice)
    const client = start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await cancelSignMessage()
    expect(client.disconnect).not.toHaveBeenCalled()
    expect(isModalOpen()).toBe(false)
    expect(routerStore.get().view).toBe('Connect')
    expect(connectionStore.get().status).toBe('connected')
    expect(tracked('CLICK_CANCEL_SIWX')).toHaveLength(1)
  })
})

describe('closing the modal while sign-in is pending', () => {
  it('cannot close SIWXSignMessage while sign-in is required and there is no session', async () => {
    const { config } = memorySiwx({ required: true })
    connectAs(alice)
    start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    expect(closeModal()).toBe(false)
    openModal({ view: 'ApproveTransaction' })
    expect(closeModal()).toBe(false)
    openModal({ view: 'SIWXSignMessage' })
    await requestSignMessage()
    expect(isModalOpen()).toBe(false)
  })

  it('can close it when sign-in is optional', async () => {
    const { config } = memorySiwx({ required: false })
    connectAs(alice)
    start(config)
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    expect(closeModal()).toBe(true)
  })
})
