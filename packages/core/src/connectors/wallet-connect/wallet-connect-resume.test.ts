// A page load with a stored WalletConnect session: start() brings the connector in (it is not
// part of what a page loads) and wagmi resumes the session from the provider's storage.
import { createStorage, getConnection } from '@wagmi/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPorticoClient, type PorticoClient } from '../../client/create-portico-client'
import { base, mainnet } from '../../networks'
import { connectionStore } from '../../state/connection'
import { writeStored } from '../../storage'
import { clearMemoryFallback } from '../../storage/fallback-storage'
import { findWalletConnectConnector } from './wallet-connect-setup'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const inits = vi.hoisted(() => ({ count: 0 }))

// The SDK itself needs a relay; here a provider that already holds an approved session, as
// the real one does after reading it back from the browser's storage.
vi.mock('./universal-provider-init', () => ({
  initUniversalProvider: async () => {
    inits.count++
    return {
      session: { topic: 'restored' },
      events: { setMaxListeners() {} },
      on() {},
      removeListener() {},
      enable: async () => [ADDRESS],
      request: async ({ method }: { method: string }) =>
        method === 'eth_chainId' ? 1 : method === 'eth_accounts' ? [ADDRESS] : null,
    }
  },
}))

function memoryStorage(items: Record<string, string>) {
  const map = new Map(Object.entries(items))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}

let client: PorticoClient | undefined

function pageLoad(recentConnectorId: string) {
  const storage = createStorage({
    storage: memoryStorage({
      'portico.wagmi.recentConnectorId': JSON.stringify(recentConnectorId),
    }),
    key: 'portico.wagmi',
  })
  client = createPorticoClient(
    { projectId: 'p', apiUrl: 'http://127.0.0.1:8787', networks: [mainnet, base] },
    { storage },
  )
  return client
}

beforeEach(() => {
  inits.count = 0
  clearMemoryFallback()
  connectionStore.reset()
  writeStored('connectionStatus', 'connected')
})

afterEach(() => {
  client?.destroy()
  client = undefined
})

describe('start() with a stored session', () => {
  it('brings in the WalletConnect connector and resumes its session when it was the last one', async () => {
    const page = pageLoad('walletConnect')
    expect(findWalletConnectConnector(page.wagmiConfig)).toBeUndefined()
    await page.start()
    expect(findWalletConnectConnector(page.wagmiConfig)).toBeDefined()
    expect(getConnection(page.wagmiConfig)).toMatchObject({ status: 'connected', address: ADDRESS })
    expect(connectionStore.get().status).toBe('connected')
  })

  it('leaves WalletConnect out when another connector was the last one', async () => {
    const page = pageLoad('io.metamask')
    await page.start()
    expect(findWalletConnectConnector(page.wagmiConfig)).toBeUndefined()
    expect(inits.count).toBe(0)
  })
})
