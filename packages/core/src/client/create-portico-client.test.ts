import {
  type CreateConnectorFn,
  createConnector,
  createStorage,
  getConnection,
  type MockParameters,
  mock,
} from '@wagmi/core'
import { type Address, UserRejectedRequestError } from 'viem'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { disconnectFailureMessage } from '../errors/disconnect-failure-message'
import { type PorticoEvent, subscribeEvents } from '../events/events'
import { base, mainnet, optimism } from '../networks'
import { accountStore, getAccount } from '../state/account'
import { type ConnectionStatus, connectionStore } from '../state/connection'
import { modalStore } from '../state/modal'
import { networkStore } from '../state/network'
import { routerStore, setRouterCloseHandler } from '../state/router'
import { readStored, writeStored } from '../storage'
import { clearMemoryFallback } from '../storage/fallback-storage'
import {
  createPorticoClient,
  type PorticoClient,
  type PorticoClientDependencies,
} from './create-portico-client'

// Well-known dev accounts (anvil's first two).
const alice: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What a browser's localStorage is to wagmi: kept across "page loads" within one test. */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value)
    },
    removeItem: (key: string) => {
      items.delete(key)
    },
  }
}

/**
 * A browser wallet whose answers the test decides. It stays authorised for the site once it
 * connected (or from the start with `authorised`), as an extension does across reloads.
 */
function scriptedWallet(options: {
  id: string
  name: string
  account: Address
  authorised?: boolean
  disconnectError?: Error
  /** Records each authorisation check, in order. */
  checks?: string[]
}): CreateConnectorFn {
  return createConnector((config) => {
    let authorised = options.authorised ?? false
    const provider = { request: async () => null }
    return {
      id: options.id,
      name: options.name,
      type: 'injected',
      async connect() {
        authorised = true
        return { accounts: [options.account], chainId: config.chains[0].id } as never
      },
      async disconnect() {
        if (options.disconnectError) throw options.disconnectError
        authorised = false
      },
      async getAccounts() {
        return [options.account]
      },
      async getChainId() {
        return config.chains[0].id
      },
      async getProvider() {
        return provider
      },
      async isAuthorized() {
        options.checks?.push(options.id)
        return authorised
      },
      onAccountsChanged() {},
      onChainChanged() {},
      onDisconnect() {
        config.emitter.emit('disconnect')
      },
    }
  })
}

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

const clients: PorticoClient[] = []
/** Store subscriptions a test made; the stores outlive the test. */
const unsubscribes: (() => void)[] = []
let events: PorticoEvent[] = []

function startPage(
  connectors: CreateConnectorFn[],
  dependencies: Omit<PorticoClientDependencies, 'connectors'> = {},
  options: { allowUnsupportedChain?: boolean } = {},
): PorticoClient {
  const client = createPorticoClient(
    {
      projectId: 'test-project',
      networks: [mainnet, base],
      apiUrl: 'http://127.0.0.1:1',
      ...options,
    },
    { storage: createStorage({ storage: memoryStorage() }), ...dependencies, connectors },
  )
  clients.push(client)
  return client
}

/** The Connect view's entry for a connector, as the view passes it to selectConnector. */
function listed(id: string) {
  const entry = connectionStore.get().connectors.find((connector) => connector.id === id)
  if (!entry) throw new Error(`${id} is not on the Connect view`)
  return entry
}

function eventNames() {
  return events.map((entry) => entry.event)
}

function recordStatuses() {
  const statuses: ConnectionStatus[] = []
  unsubscribes.push(
    connectionStore.subscribe((state, previous) => {
      if (state.status !== previous.status) statuses.push(state.status)
    }),
  )
  return statuses
}

/** A page load: every store starts from what storage holds. */
function resetStores() {
  connectionStore.reset()
  accountStore.reset()
  networkStore.reset()
  modalStore.reset()
  routerStore.reset()
  setRouterCloseHandler(undefined)
}

beforeEach(() => {
  clearMemoryFallback()
  resetStores()
  events = []
  unsubscribes.push(subscribeEvents((event) => events.push(event)))
})

afterEach(() => {
  for (const client of clients.splice(0)) client.destroy()
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
})

describe('connecting a detected wallet', () => {
  it('shows ConnectingExternal while the wallet asks, then connects, remembers it and closes', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    client.open()
    const wallet = listed('mock')

    const connecting = client.selectConnector(wallet)
    expect(routerStore.get()).toMatchObject({
      view: 'ConnectingExternal',
      history: ['Connect', 'ConnectingExternal'],
      data: { connector: wallet },
    })
    expect(connectionStore.get().status).toBe('connecting')
    await connecting

    expect(connectionStore.get().status).toBe('connected')
    expect(modalStore.get().open).toBe(false)
    expect(getAccount('eip155')).toMatchObject({
      address: alice,
      caipAddress: `eip155:1:${alice}`,
      status: 'connected',
      connectedWalletInfo: { name: 'Mock Connector', identifier: 'mock' },
      addressExplorerUrl: `https://etherscan.io/address/${alice}`,
    })
    expect(networkStore.get().activeCaipNetwork?.caipNetworkId).toBe('eip155:1')
    expect(networkStore.get().approvedCaipNetworkIds).toEqual(['eip155:1'])
    expect(connectionStore.get().recentWallets).toEqual([{ id: 'mock', name: 'Mock Connector' }])
    expect(readStored('recentWallets')).toEqual([{ id: 'mock', name: 'Mock Connector' }])
    expect(readStored('connectionStatus')).toBe('connected')
    expect(eventNames()).toEqual(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS'])
  })

  it('opens on Account once connected', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    client.open()
    expect(routerStore.get().view).toBe('Connect')
    await client.selectConnector(listed('mock'))
    client.open()
    expect(routerStore.get().view).toBe('Account')
  })

  it('shows "Connection declined" (4001) when the visitor rejects, and a retry connects', async () => {
    const features: NonNullable<MockParameters['features']> = {
      connectError: new UserRejectedRequestError(new Error('User rejected the request.')),
    }
    const client = startPage([mock({ accounts: [alice], features })])
    client.open()

    await client.selectConnector(listed('mock'))
    expect(connectionStore.get()).toMatchObject({
      status: 'disconnected',
      error: { code: 4001, message: 'Connection declined' },
    })
    expect(modalStore.get().open).toBe(true)
    expect(routerStore.get().view).toBe('ConnectingExternal')
    expect(getAccount('eip155').address).toBeUndefined()
    expect(connectionStore.get().recentWallets).toEqual([])
    expect(eventNames()).toContain('USER_REJECTED')

    features.connectError = undefined // the visitor approves this time
    await client.retryConnect()
    expect(connectionStore.get()).toMatchObject({ status: 'connected', error: undefined })
    expect(getAccount('eip155').address).toBe(alice)
    expect(modalStore.get().open).toBe(false)
  })

  it("shows a wallet's own error message, without the rejection code, when it fails otherwise", async () => {
    const client = startPage([
      mock({ accounts: [alice], features: { connectError: new Error('Wallet is locked') } }),
    ])
    client.open()
    await client.selectConnector(listed('mock'))
    expect(connectionStore.get()).toMatchObject({
      status: 'disconnected',
      error: { message: 'Wallet is locked' },
    })
    expect(connectionStore.get().error).not.toHaveProperty('code')
    expect(eventNames()).toContain('CONNECT_ERROR')
    expect(eventNames()).not.toContain('USER_REJECTED')
  })
})

describe('a wallet on a chain the app did not request', () => {
  /** The wallet is on Polygon (137) before the visitor connects; the app asked for 1 and 8453. */
  async function walletOnPolygon(client: PorticoClient) {
    const [connector] = client.wagmiConfig.connectors
    const provider = (await connector?.getProvider()) as Eip1193
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] })
  }

  it('opens the modal on UnsupportedChain instead of closing it', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await walletOnPolygon(client)
    client.open()
    await client.selectConnector(listed('mock'))

    expect(connectionStore.get().status).toBe('connected')
    expect(networkStore.get().unsupportedChainId).toBe(137)
    expect(modalStore.get().open).toBe(true)
    expect(routerStore.get()).toMatchObject({
      view: 'UnsupportedChain',
      history: ['UnsupportedChain'],
    })
  })

  it('closes the modal when the visitor goes back from UnsupportedChain', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await walletOnPolygon(client)
    client.open()
    await client.selectConnector(listed('mock'))

    client.goBack()
    expect(modalStore.get().open).toBe(false)
    expect(routerStore.get().view).toBe('UnsupportedChain')
  })

  it('blocks going back past UnsupportedChain from a view opened over it, closing instead', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await walletOnPolygon(client)
    client.open()
    await client.selectConnector(listed('mock'))
    client.navigate('Networks')
    expect(routerStore.get().view).toBe('Networks')

    client.goBack()
    expect(modalStore.get().open).toBe(false)
    expect(routerStore.get().view).toBe('Networks')
  })

  it('closes UnsupportedChain once the visitor switches to a requested network', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await walletOnPolygon(client)
    client.open()
    await client.selectConnector(listed('mock'))

    await client.switchNetwork(base)
    expect(networkStore.get()).toMatchObject({
      unsupportedChainId: undefined,
      activeCaipNetwork: base,
    })
    expect(getAccount('eip155').caipAddress).toBe(`eip155:8453:${alice}`)
    expect(modalStore.get().open).toBe(false)
  })

  it("refuses a switch to a network the host did not list with 'Network not found', asking the wallet nothing", async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await client.selectConnector(listed('mock'))
    events = []
    await expect(client.switchNetwork(optimism)).rejects.toThrow('Network not found')
    expect(getAccount('eip155').caipAddress).toBe(`eip155:1:${alice}`)
    expect(networkStore.get().activeCaipNetwork).toEqual(mainnet)
    expect(events.map((event) => event.event)).not.toContain('SWITCH_NETWORK')
  })

  it('shows UnsupportedChain when a connected wallet moves to such a chain', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await client.selectConnector(listed('mock'))
    expect(modalStore.get().open).toBe(false)

    await walletOnPolygon(client)
    expect(modalStore.get().open).toBe(true)
    expect(routerStore.get().view).toBe('UnsupportedChain')
  })

  it('stays connected without asking when the host allows unsupported chains', async () => {
    const client = startPage([mock({ accounts: [alice] })], {}, { allowUnsupportedChain: true })
    await walletOnPolygon(client)
    client.open()
    await client.selectConnector(listed('mock'))
    expect(connectionStore.get().status).toBe('connected')
    expect(routerStore.get().view).not.toBe('UnsupportedChain')
  })
})

describe('disconnecting', () => {
  it('clears the account and network, resets the connection and closes the modal', async () => {
    const client = startPage([mock({ accounts: [alice] })])
    await client.selectConnector(listed('mock'))
    writeStored('deepLink', { name: 'Rainbow', href: 'rainbow://' })
    client.open()
    expect(routerStore.get().view).toBe('Account')
    const loading: boolean[] = []
    unsubscribes.push(
      modalStore.subscribe((state, previous) => {
        if (state.loading !== previous.loading) loading.push(state.loading)
      }),
    )

    await client.disconnect()

    expect(loading).toEqual([true, false])
    expect(getAccount('eip155').address).toBeUndefined()
    expect(accountStore.get().byNamespace).toEqual({})
    expect(networkStore.get()).toMatchObject({
      approvedCaipNetworkIds: [],
      unsupportedChainId: undefined,
    })
    expect(connectionStore.get()).toMatchObject({ status: 'disconnected', error: undefined })
    expect(readStored('connectionStatus')).toBe('disconnected')
    expect(readStored('deepLink')).toBeUndefined()
    expect(getConnection(client.wagmiConfig).status).toBe('disconnected')
    expect(modalStore.get().open).toBe(false)
    expect(routerStore.get().view).toBe('Connect')
    expect(eventNames()).toContain('DISCONNECT_SUCCESS')
    // The wallet stays in the recent list for the next visit.
    expect(connectionStore.get().recentWallets.map((wallet) => wallet.id)).toEqual(['mock'])
  })

  it("reports 'Failed to disconnect' (INTERNAL_SDK_ERROR) and 'Failed to disconnect chain eip155: ...' when the wallet will not disconnect", async () => {
    const client = startPage([
      scriptedWallet({
        id: 'stuck-wallet',
        name: 'Stuck Wallet',
        account: alice,
        disconnectError: new Error('Wallet did not answer'),
      }),
    ])
    await client.selectConnector(listed('stuck-wallet'))
    client.open()

    const failure = await client.disconnect().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(failure).toMatchObject({
      message: 'Failed to disconnect',
      code: 'INTERNAL_SDK_ERROR',
      details: 'Failed to disconnect chain eip155: Wallet did not answer',
    })
    // What the views show for it.
    expect(disconnectFailureMessage(failure)).toBe(
      'Failed to disconnect chain eip155: Wallet did not answer',
    )
    expect(events.find((entry) => entry.event === 'DISCONNECT_ERROR')?.properties).toEqual({
      message: 'Failed to disconnect chain eip155: Wallet did not answer',
    })
    expect(eventNames()).not.toContain('DISCONNECT_SUCCESS')
    expect(modalStore.get()).toMatchObject({ open: true, loading: false })
    expect(connectionStore.get().status).toBe('connected')
    expect(getAccount('eip155').address).toBe(alice)
  })
})

describe('a page load with a stored session', () => {
  it('reconnects a wallet that is still authorised, through connecting, without a prompt', async () => {
    writeStored('connectionStatus', 'connected')
    const client = startPage([
      mock({ accounts: [alice], features: { reconnect: true, defaultConnected: true } }),
    ])
    const statuses = recordStatuses()

    await client.start()

    expect(statuses).toEqual(['connecting', 'connected'])
    expect(getAccount('eip155').address).toBe(alice)
    expect(modalStore.get().open).toBe(false)
  })

  it('ends disconnected, and forgets the session, when the wallet no longer authorises the site', async () => {
    writeStored('connectionStatus', 'connected')
    const client = startPage([mock({ accounts: [alice], features: { reconnect: true } })])
    const statuses = recordStatuses()

    await client.start()

    expect(statuses).toEqual(['connecting', 'disconnected'])
    expect(getAccount('eip155').address).toBeUndefined()
    expect(readStored('connectionStatus')).toBe('disconnected')
  })

  it.each([
    ['nothing is stored', undefined],
    ['the last visit ended disconnected', 'disconnected' as const],
  ])('does nothing at all when %s', async (_case, stored) => {
    if (stored) writeStored('connectionStatus', stored)
    const client = startPage([
      mock({ accounts: [alice], features: { reconnect: true, defaultConnected: true } }),
    ])
    const [connector] = client.wagmiConfig.connectors
    if (!connector) throw new Error('no connector')
    const isAuthorized = vi.spyOn(connector, 'isAuthorized')
    const statuses = recordStatuses()

    await client.start()

    expect(isAuthorized).not.toHaveBeenCalled()
    expect(statuses).toEqual([])
    expect(connectionStore.get().status).toBe('disconnected')
    expect(client.wagmiConfig.state.status).toBe('disconnected')
  })

  it('tries the wallet used last first', async () => {
    const storage = createStorage({ storage: memoryStorage() })
    const firstVisit = startPage(
      [
        scriptedWallet({ id: 'wallet-a', name: 'Wallet A', account: alice }),
        scriptedWallet({ id: 'wallet-b', name: 'Wallet B', account: bob }),
      ],
      { storage },
    )
    await firstVisit.selectConnector(listed('wallet-b'))
    firstVisit.destroy()
    resetStores()

    // Next visit: both extensions still authorise the site; the one used last must win.
    const checks: string[] = []
    const client = startPage(
      [
        scriptedWallet({
          id: 'wallet-a',
          name: 'Wallet A',
          account: alice,
          authorised: true,
          checks,
        }),
        scriptedWallet({
          id: 'wallet-b',
          name: 'Wallet B',
          account: bob,
          authorised: true,
          checks,
        }),
      ],
      { storage },
    )
    const statuses = recordStatuses()
    await client.start()

    expect(checks).toEqual(['wallet-b', 'wallet-a'])
    expect(statuses).toEqual(['connecting', 'connected'])
    expect(connectionStore.get().status).toBe('connected')
    expect(getAccount('eip155')).toMatchObject({
      address: bob,
      connectedWalletInfo: { name: 'Wallet B', identifier: 'wallet-b' },
    })
  })
})
