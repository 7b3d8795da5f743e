// The sign-in flow inside the client: started once an account connects when `siwx` is set,
// signing with the connected wallet's own provider (personal_sign), a reload with a session
// asking nothing, and a cancel disconnecting through the client.
import { createConnector, createStorage } from '@wagmi/core'
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPorticoClient, type PorticoClient } from '../client/create-portico-client'
import { base, mainnet } from '../networks'
import { accountStore } from '../state/account'
import { connectionStore } from '../state/connection'
import { isModalOpen, modalStore } from '../state/modal'
import { networkStore } from '../state/network'
import { routerStore, setRouterCloseHandler } from '../state/router'
import { siwxStore } from '../state/siwx'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { cancelSignMessage, requestSignMessage } from './sign-in-flow'
import type { SiweConfig, SiwxConfig, SiwxSession } from './siwx-types'

// anvil's first dev key: a real key, so the signature can be checked.
const alice = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)

/** The extension's own memory: it stays authorised for the site across reloads. */
const extension = { authorised: false }

/** A browser wallet that signs personal_sign with a real key. */
function signingWallet() {
  return createConnector((config) => {
    const provider = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        if (method !== 'personal_sign') throw new Error(`unexpected ${method}`)
        const [raw, address] = params as [Hex, string]
        if (address !== alice.address) throw new Error('wrong account')
        return alice.signMessage({ message: { raw } })
      },
    }
    return {
      id: 'signing',
      name: 'Signing Wallet',
      type: 'injected',
      async connect() {
        extension.authorised = true
        return { accounts: [alice.address], chainId: config.chains[0].id } as never
      },
      async disconnect() {
        extension.authorised = false
      },
      async getAccounts() {
        return [alice.address]
      },
      async getChainId() {
        return config.chains[0].id
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        return extension.authorised
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

function memorySiwx(required = true) {
  const sessions: SiwxSession[] = []
  return {
    sessions,
    getSessions: vi.fn(async (chainId: string, address: string) =>
      sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
    ),
    createMessage: vi.fn(async ({ accountAddress, chainId }) => {
      const data = {
        accountAddress,
        chainId,
        domain: 'localhost',
        uri: 'http://localhost/',
        version: '1',
        nonce: 'abcdefgh12345678',
      }
      return { data, message: `localhost wants you to sign in as ${accountAddress} ✓` }
    }),
    addSession: vi.fn(async (session: SiwxSession) => {
      sessions.push(session)
    }),
    revokeSession: vi.fn(async () => undefined),
    setSessions: vi.fn(async (next: SiwxSession[]) => {
      sessions.splice(0, sessions.length, ...next)
    }),
    getRequired: () => required,
  } satisfies SiwxConfig & { sessions: SiwxSession[] }
}

const clients: PorticoClient[] = []

function startPage(
  siwx: SiwxConfig | undefined,
  storage = createStorage({ storage: memory() }),
  siweConfig?: SiweConfig,
) {
  const client = createPorticoClient(
    {
      projectId: 'test-project',
      networks: [mainnet, base],
      apiUrl: 'http://127.0.0.1:1',
      ...(siwx ? { siwx } : {}),
      ...(siweConfig ? { siweConfig } : {}),
    },
    { storage, connectors: [signingWallet()] },
  )
  clients.push(client)
  return client
}

function memory() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

function listed() {
  const entry = connectionStore.get().connectors.find((connector) => connector.id === 'signing')
  if (!entry) throw new Error('the signing wallet is not listed')
  return entry
}

beforeEach(() => {
  extension.authorised = false
  clearMemoryFallback()
  for (const store of [connectionStore, accountStore, networkStore, modalStore, routerStore]) {
    store.reset()
  }
  siwxStore.reset()
  setRouterCloseHandler(undefined)
})

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
})

describe('sign-in in the client', () => {
  it('opens SIWXSignMessage after connecting and signs with the wallet, closing the modal', async () => {
    const siwx = memorySiwx()
    const client = startPage(siwx)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    expect(isModalOpen()).toBe(true)

    await requestSignMessage()
    const [session] = siwx.sessions
    expect(session?.data).toMatchObject({ accountAddress: alice.address, chainId: 'eip155:1' })
    expect(
      await verifyMessage({
        address: alice.address,
        message: session?.message ?? '',
        signature: session?.signature as Hex,
      }),
    ).toBe(true)
    expect(isModalOpen()).toBe(false)
    expect(siwxStore.get().status).toBe('authenticated')
  })

  it('starts no sign-in without `siwx`', async () => {
    const client = startPage(undefined)
    client.open()
    await client.selectConnector(listed())
    expect(isModalOpen()).toBe(false)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(siwxStore.get().status).toBe('idle')
    expect(routerStore.get().view).not.toBe('SIWXSignMessage')
  })

  it('asks nothing after a reload when the account has a session', async () => {
    const siwx = memorySiwx()
    const storage = createStorage({ storage: memory() })
    const first = startPage(siwx, storage)
    first.open()
    await first.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await requestSignMessage()
    first.destroy()
    // The flow stops once its chunk's promise settles; a reload never runs destroy at all.
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('idle'))

    // The reload: fresh stores, the same storage and server-side sessions.
    for (const store of [connectionStore, accountStore, networkStore, modalStore, routerStore]) {
      store.reset()
    }
    siwxStore.reset()
    const reloaded = startPage(siwx, storage)
    await reloaded.start()
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
    expect(isModalOpen()).toBe(false)
    expect(siwx.createMessage).toHaveBeenCalledTimes(1)
  })

  it('disconnects the wallet when sign-in is required and the visitor cancels', async () => {
    const siwx = memorySiwx(true)
    const client = startPage(siwx)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await cancelSignMessage()
    expect(connectionStore.get().status).toBe('disconnected')
    expect(isModalOpen()).toBe(false)
    expect(routerStore.get().view).toBe('Connect')
    expect(siwx.sessions).toEqual([])
  })
})

/** A host's own EIP-4361 sign-in, as a page using the older `siweConfig` option writes it. */
function hostSiwe(required?: boolean) {
  const state = { session: null as { address: string; chainId: number } | null, nonces: 0 }
  const config = {
    getNonce: vi.fn(async () => `hostnonce${++state.nonces}`),
    createMessage: vi.fn(
      (data: { accountAddress: string; nonce: string; chainId: string }) =>
        `${data.accountAddress} signs in with ${data.nonce} on ${data.chainId}`,
    ),
    verifyMessage: vi.fn(async ({ message, signature }: { message: string; signature: string }) => {
      const valid = await verifyMessage({
        address: alice.address,
        message,
        signature: signature as Hex,
      })
      if (valid) state.session = { address: alice.address, chainId: 1 }
      return valid
    }),
    getSession: vi.fn(async () => state.session),
    signOut: vi.fn(async () => {
      state.session = null
      return true
    }),
    ...(required === undefined ? {} : { required }),
  } satisfies SiweConfig
  return { config, state }
}

describe('sign-in with the older siweConfig option', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { host: 'localhost:5173', href: 'http://localhost:5173/' })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it("asks for a signature with the host's nonce and message, and the host verifies it", async () => {
    const siwe = hostSiwe()
    const client = startPage(undefined, undefined, siwe.config)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))

    await requestSignMessage()
    expect(siwe.config.getNonce).toHaveBeenCalledWith(alice.address)
    expect(siwe.config.createMessage).toHaveBeenCalledWith(
      expect.objectContaining({
        domain: 'localhost:5173',
        nonce: 'hostnonce1',
        chainId: 'eip155:1',
      }),
    )
    expect(siwe.config.verifyMessage).toHaveBeenCalledTimes(1)
    expect(await siwe.config.verifyMessage.mock.results[0]?.value).toBe(true)
    expect(siwe.state.session).toEqual({ address: alice.address, chainId: 1 })
    expect(isModalOpen()).toBe(false)
    expect(siwxStore.get().status).toBe('authenticated')
  })

  it('asks nothing when the host already has a session for the account and chain', async () => {
    const siwe = hostSiwe()
    siwe.state.session = { address: alice.address.toLowerCase(), chainId: 1 }
    const client = startPage(undefined, undefined, siwe.config)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
    expect(siwe.config.getNonce).not.toHaveBeenCalled()
    expect(routerStore.get().view).not.toBe('SIWXSignMessage')
  })

  it('is required by default: cancel signs out and disconnects', async () => {
    const siwe = hostSiwe()
    const client = startPage(undefined, undefined, siwe.config)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await cancelSignMessage()
    expect(connectionStore.get().status).toBe('disconnected')
    expect(routerStore.get().view).toBe('Connect')
  })

  it('with required: false, cancel only closes the modal', async () => {
    const siwe = hostSiwe(false)
    const client = startPage(undefined, undefined, siwe.config)
    client.open()
    await client.selectConnector(listed())
    await vi.waitFor(() => expect(routerStore.get().view).toBe('SIWXSignMessage'))
    await cancelSignMessage()
    expect(connectionStore.get().status).toBe('connected')
    expect(isModalOpen()).toBe(false)
  })
})
