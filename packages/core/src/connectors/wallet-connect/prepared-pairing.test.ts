// Warming a WalletConnect pick on intent (preloadWalletConnectSdk): the pairing is made while
// the visitor points at the row, shown by the pick, reused, and ended when the modal closes.

import { fakeProviderEvents } from '@portico/test-kit'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createEvmConfig } from '../../adapters/evm/wagmi-config'
import type { WalletConnectProvider } from '../../adapters/evm/wallet-connect-connector'
import { base, mainnet } from '../../networks'
import { connectionStore } from '../../state/connection'
import { closeModal, modalStore, openModal } from '../../state/modal'
import { setClock } from '../../time/clock'
import { detectPlatform } from './deep-links'
import { resetWalletConnectFlow, startWalletConnect } from './wallet-connect-flow'
import {
  ensureWalletConnectConnector,
  preloadWalletConnectSdk,
  type WalletConnectHost,
} from './wallet-connect-setup'

const desktop = detectPlatform({ userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0' })

/** The universal provider's side the relay sees: each `pair` is a pairing and a proposal. */
function relayProvider() {
  const proposals: { id: number; pairingTopic: string }[] = []
  const expired: (string | number)[] = []
  const provider = {
    session: undefined as object | undefined,
    ...fakeProviderEvents(),
    async connect(options: { skipPairing?: boolean }) {
      if (!options.skipPairing) return provider.pair()
    },
    pair: vi.fn(async () => {
      const topic = String(proposals.length + 1).padStart(64, '0')
      const expiry = Math.floor(Date.now() / 1000) + 300
      proposals.push({ id: proposals.length + 1, pairingTopic: topic })
      const uri = `wc:${topic}@2?relay-protocol=irn&symKey=${'1'.repeat(64)}&expiryTimestamp=${expiry}`
      provider.emit('display_uri', uri)
      return new Promise<never>(() => {})
    }),
    client: {
      proposal: { getAll: () => proposals },
      core: { expirer: { set: (key: string | number) => expired.push(key) } },
    },
  }
  return { provider, expired }
}

function pageWithRelay() {
  const { provider, expired } = relayProvider()
  const host: WalletConnectHost = {
    wagmiConfig: createEvmConfig({
      networks: [mainnet, base],
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'p',
      storage: null,
    }),
    options: {
      apiUrl: 'http://127.0.0.1:8787',
      projectId: 'p',
      relayUrl: undefined,
      metadata: undefined,
    },
  }
  ensureWalletConnectConnector(host, {
    loadProvider: async () => provider as unknown as WalletConnectProvider,
  })
  return { host, provider, expired }
}

/** The modal open and the visitor's pointer on a WalletConnect row: one pairing made. */
async function pageWithPreparedPairing() {
  const page = pageWithRelay()
  openModal()
  preloadWalletConnectSdk(page.host)
  await vi.waitFor(() => expect(page.provider.pair).toHaveBeenCalledTimes(1))
  return page
}

const uriShown = () => connectionStore.get().wcUri

afterEach(() => {
  resetWalletConnectFlow()
  modalStore.reset()
  connectionStore.reset()
  setClock()
})

describe('a WalletConnect pick warmed on intent', () => {
  it('pairs while the row is pointed at, shows nothing yet, and the pick shows that pairing at once', async () => {
    const { host, provider } = await pageWithPreparedPairing()
    expect(uriShown()).toBeUndefined()

    void startWalletConnect(host, { platform: desktop })
    await vi.waitFor(() => expect(uriShown()).toMatch(/^wc:0{63}1@2\?/))
    expect(provider.pair).toHaveBeenCalledTimes(1)
  })

  it('reuses the pairing on a second hover, and pairs anew for the pick after the one that used it', async () => {
    const { host, provider } = pageWithRelay()
    openModal()
    preloadWalletConnectSdk(host)
    preloadWalletConnectSdk(host)
    await vi.waitFor(() => expect(provider.pair).toHaveBeenCalledTimes(1))
    preloadWalletConnectSdk(host)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(provider.pair).toHaveBeenCalledTimes(1)

    void startWalletConnect(host, { platform: desktop })
    await vi.waitFor(() => expect(uriShown()).toMatch(/^wc:0{63}1@2\?/))
    void startWalletConnect(host, { platform: desktop })
    await vi.waitFor(() => expect(uriShown()).toMatch(/^wc:0{63}2@2\?/))
  })

  it('ends a pairing never shown when the modal closes: the relay forgets it, the next pick pairs anew', async () => {
    const { host, expired } = await pageWithPreparedPairing()

    closeModal()
    await vi.waitFor(() => expect(expired).toEqual([1, `${'0'.repeat(63)}1`]))

    openModal()
    void startWalletConnect(host, { platform: desktop })
    await vi.waitFor(() => expect(uriShown()).toMatch(/^wc:0{63}2@2\?/))
  })

  it('does not offer a pairing about to expire: it is ended and a new one made', async () => {
    const { host, expired } = await pageWithPreparedPairing()
    // 290 s later: 10 s of the pairing's five minutes left, too little to scan it.
    const later = Date.now() + 290_000
    setClock({
      now: () => later,
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    })

    void startWalletConnect(host, { platform: desktop })
    await vi.waitFor(() => expect(uriShown()).toMatch(/^wc:0{63}2@2\?/))
    await vi.waitFor(() => expect(expired).toContain(`${'0'.repeat(63)}1`))
  })
})
