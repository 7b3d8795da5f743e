import { fakeProviderEvents } from '@portico/test-kit'
import { createConfig, getConnection, http } from '@wagmi/core'
import { mainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WalletConnectProvider } from '../../adapters/evm/wallet-connect-connector'
import type { ModalWallet } from '../../api/wallets'
import { connectionStore } from '../../state/connection'
import { modalStore, openModal } from '../../state/modal'
import { pushView } from '../../state/router'
import { detectPlatform } from './deep-links'
import {
  renewPairingOnExpiry,
  resetWalletConnectFlow,
  startWalletConnect,
} from './wallet-connect-flow'
import { ensureWalletConnectConnector, type WalletConnectHost } from './wallet-connect-setup'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const desktop = detectPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0' })
const iosSafari = detectPlatform({
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
})
const telegram = { ...desktop, telegram: true }

const rainbow: ModalWallet = {
  id: 'ed841c6f3946aed842b9d5ef85d0480b373a9b1f6622cec785ea927caad01d21',
  name: 'Rainbow',
  image_id: 'img',
  rdns: 'me.rainbow',
  chains: ['eip155:1'],
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: null,
}

interface Pending {
  approve(): void
  reject(error: Error): void
}

/** A universal provider as far as the connector uses it: each connect is a new pairing. */
function fakeProvider() {
  const pairings: Pending[] = []
  const uris: string[] = []
  const provider = {
    session: undefined as undefined | object,
    ...fakeProviderEvents(),
    connect() {
      const expiry = Math.floor(Date.now() / 1000) + 300
      const uri = `wc:${'a'.repeat(63)}${uris.length}@2?relay-protocol=irn&symKey=k&expiryTimestamp=${expiry}`
      uris.push(uri)
      return new Promise<void>((resolve, reject) => {
        pairings.push({
          approve: () => {
            provider.session = { topic: 't' }
            resolve()
          },
          reject,
        })
        provider.emit('display_uri', uri)
      })
    },
    async enable() {
      return [ADDRESS]
    },
    async request({ method }: { method: string }) {
      if (method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return 1
      throw new Error(`unexpected ${method}`)
    },
    async disconnect() {
      provider.session = undefined
    },
  }
  return { provider, pairings, uris }
}

let host: WalletConnectHost
let fake: ReturnType<typeof fakeProvider>

beforeEach(() => {
  vi.useFakeTimers()
  resetWalletConnectFlow()
  connectionStore.reset()
  fake = fakeProvider()
  const wagmiConfig = createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: http('http://127.0.0.1:1') },
    storage: null,
    multiInjectedProviderDiscovery: false,
  })
  host = {
    wagmiConfig,
    options: {
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'p',
      relayUrl: undefined,
      metadata: undefined,
    },
  }
  ensureWalletConnectConnector(host, {
    loadProvider: async () => fake.provider as unknown as WalletConnectProvider,
  })
})

afterEach(() => {
  vi.useRealTimers()
})

/** Lets the provider's promises and wagmi's state updates settle. */
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('startWalletConnect', () => {
  it('shows the pairing URI and its expiry while the wallet has not answered', async () => {
    void startWalletConnect(host, { platform: desktop })
    expect(connectionStore.get().buffering).toBe(true)
    await settle()
    const state = connectionStore.get()
    expect(state.wcUri).toBe(fake.uris[0])
    expect(state.wcPairingExpiry).toBe((Math.floor(Date.now() / 1000) + 300) * 1000)
    expect(state.buffering).toBe(false)
    // A QR code on screen is not connecting: the visitor has done nothing yet.
    expect(getConnection(host.wagmiConfig).status).toBe('disconnected')
  })

  it("says 'connecting' only once the wallet approved, then connected", async () => {
    const statuses: string[] = []
    host.wagmiConfig.subscribe(
      (state) => state.status,
      (status) => statuses.push(status),
    )
    const done = startWalletConnect(host, { platform: desktop })
    await settle()
    expect(getConnection(host.wagmiConfig).status).toBe('disconnected')
    statuses.length = 0
    fake.pairings[0]?.approve()
    await done
    expect(statuses).toEqual(['connecting', 'connected'])
  })

  it('closing the modal ends the attempt: no QR code, disconnected, and its late answer is ignored', async () => {
    openModal({ view: 'Connect' })
    pushView('ConnectingWalletConnect')
    const first = startWalletConnect(host, { platform: desktop })
    await settle()
    expect(connectionStore.get().wcUri).toBe(fake.uris[0])
    modalStore.set({ open: false })
    expect(connectionStore.get()).toMatchObject({ wcUri: undefined, buffering: false })
    expect(getConnection(host.wagmiConfig).status).toBe('disconnected')
    // The ended attempt's proposal expires later: nothing to show, nothing to say.
    fake.pairings[0]?.reject(new Error('Proposal expired'))
    await first
    expect(connectionStore.get()).toMatchObject({ wcError: false, error: undefined })
    expect(getConnection(host.wagmiConfig).status).toBe('disconnected')
    // The next pick pairs anew.
    openModal({ view: 'Connect' })
    void startWalletConnect(host, { platform: desktop })
    await settle()
    expect(fake.uris).toHaveLength(2)
    expect(connectionStore.get().wcUri).toBe(fake.uris[1])
  })

  it('connects on approval: wagmi is connected, the wallet is recent, the modal closes', async () => {
    openModal({ view: 'Connect' })
    pushView('ConnectingWalletConnect')
    const done = startWalletConnect(host, { wallet: rainbow, imageUrl: '/img', platform: desktop })
    await settle()
    fake.pairings[0]?.approve()
    await done
    expect(getConnection(host.wagmiConfig)).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(connectionStore.get().recentWallets[0]).toEqual({
      id: rainbow.id,
      name: 'Rainbow',
      imageUrl: '/img',
      rdns: 'me.rainbow',
    })
    expect(connectionStore.get().wcUri).toBeUndefined()
    expect(modalStore.get().open).toBe(false)
  })

  it('shows a rejection as wcError with code 4001, and a retry pairs anew', async () => {
    const first = startWalletConnect(host, { platform: desktop })
    await settle()
    fake.pairings[0]?.reject(new Error('User rejected.'))
    await first
    expect(connectionStore.get()).toMatchObject({
      wcError: true,
      wcUri: undefined,
      error: { code: 4001, message: 'Connection declined' },
    })
    const retry = startWalletConnect(host, { platform: desktop })
    await settle()
    expect(connectionStore.get()).toMatchObject({ wcError: false, wcUri: fake.uris[1] })
    fake.pairings[1]?.approve()
    await retry
    expect(getConnection(host.wagmiConfig).status).toBe('connected')
  })

  it('on a desktop browser, starts a new pairing each time and ignores the replaced one', async () => {
    void startWalletConnect(host, { platform: desktop })
    await settle()
    void startWalletConnect(host, { platform: desktop })
    await settle()
    expect(fake.uris).toHaveLength(2)
    expect(connectionStore.get().wcUri).toBe(fake.uris[1])
    fake.pairings[0]?.reject(new Error('Proposal expired'))
    await settle()
    expect(connectionStore.get()).toMatchObject({ wcError: false, wcUri: fake.uris[1] })
    // The newer attempt's QR code waits for the wallet: not connecting yet.
    expect(getConnection(host.wagmiConfig).status).toBe('disconnected')
    fake.pairings[1]?.approve()
    await settle()
    expect(getConnection(host.wagmiConfig)).toMatchObject({ status: 'connected', address: ADDRESS })
  })

  it('on iOS Safari and in Telegram, joins the pending attempt and keeps its valid pairing', async () => {
    for (const platform of [iosSafari, telegram]) {
      const first = startWalletConnect(host, { platform })
      await settle()
      const again = startWalletConnect(host, { platform })
      expect(again).toBe(first)
      await settle()
      expect(fake.uris).toHaveLength(1)
      expect(connectionStore.get().wcUri).toBe(fake.uris[0])
      fake.pairings[0]?.reject(new Error('User rejected.'))
      await first
      // A failed attempt's pairing is gone: the retry pairs anew.
      void startWalletConnect(host, { platform })
      await settle()
      expect(fake.uris).toHaveLength(2)
      fake.pairings[1]?.reject(new Error('User rejected.'))
      await settle()
      fake.uris.length = 0
      fake.pairings.length = 0
    }
  })

  it('on iOS Safari, replaces a pending attempt whose pairing has expired', async () => {
    void startWalletConnect(host, { platform: iosSafari })
    await settle()
    await vi.advanceTimersByTimeAsync(300_000)
    void startWalletConnect(host, { platform: iosSafari })
    await settle()
    expect(fake.uris).toHaveLength(2)
    expect(connectionStore.get().wcUri).toBe(fake.uris[1])
  })
})

describe('renewPairingOnExpiry', () => {
  it('makes a new pairing when the shown one expires, until stopped', async () => {
    void startWalletConnect(host, { platform: desktop })
    await settle()
    const stop = renewPairingOnExpiry(host, { platform: desktop })
    await vi.advanceTimersByTimeAsync(299_000)
    expect(fake.uris).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(fake.uris).toHaveLength(2)
    expect(connectionStore.get().wcUri).toBe(fake.uris[1])
    stop()
    await vi.advanceTimersByTimeAsync(600_000)
    expect(fake.uris).toHaveLength(2)
  })
})
