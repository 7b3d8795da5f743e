import { connect } from '@wagmi/core'
import { describe, expect, it } from 'vitest'
import { createEvmConfig } from '../../adapters/evm/wagmi-config'
import type { WalletConnectProvider } from '../../adapters/evm/wallet-connect-connector'
import { base, mainnet } from '../../networks'
import {
  ensureWalletConnectConnector,
  findWalletConnectConnector,
  walletConnectParameters,
  walletConnectRelayUrl,
} from './wallet-connect-setup'

/** The page's wagmi config as the client builds it: every chain on our server's RPC proxy. */
function config() {
  return createEvmConfig({
    networks: [mainnet, base],
    apiUrl: 'http://127.0.0.1:8787',
    projectId: 'p',
    storage: null,
  })
}

const options = {
  apiUrl: 'https://api.example.com',
  projectId: 'p',
  relayUrl: undefined,
  metadata: undefined,
}

describe('walletConnectRelayUrl', () => {
  it('is our server with a ws scheme and /relay, unless the host set its own', () => {
    expect(walletConnectRelayUrl({ apiUrl: 'http://127.0.0.1:8787', relayUrl: undefined })).toBe(
      'ws://127.0.0.1:8787/relay',
    )
    expect(
      walletConnectRelayUrl({ apiUrl: 'https://api.example.com/portico/', relayUrl: undefined }),
    ).toBe('wss://api.example.com/portico/relay')
    expect(
      walletConnectRelayUrl({
        apiUrl: 'https://api.example.com',
        relayUrl: 'wss://relay.example.com',
      }),
    ).toBe('wss://relay.example.com')
  })

  it("is the WalletConnect network's relay when the host chose that network", () => {
    const walletConnectNetwork = { projectId: 'c10d', relayUrl: 'wss://relay.walletconnect.org' }
    expect(
      walletConnectRelayUrl({
        apiUrl: 'https://api.example.com',
        relayUrl: undefined,
        walletConnectNetwork,
      }),
    ).toBe('wss://relay.walletconnect.org')
    const parameters = walletConnectParameters({
      wagmiConfig: config(),
      options: { ...options, walletConnectNetwork },
    })
    expect(parameters).toMatchObject({
      projectId: 'c10d',
      relayUrl: 'wss://relay.walletconnect.org',
    })
  })
})

describe('ensureWalletConnectConnector', () => {
  it('adds one WalletConnect connector to the wagmi config, the first time only', () => {
    const wagmiConfig = config()
    expect(findWalletConnectConnector(wagmiConfig)).toBeUndefined()
    const connector = ensureWalletConnectConnector({ wagmiConfig, options })
    expect(connector).toMatchObject({ id: 'walletConnect', type: 'walletConnect' })
    expect(ensureWalletConnectConnector({ wagmiConfig, options })).toBe(connector)
    expect(wagmiConfig.connectors.filter((entry) => entry.id === 'walletConnect')).toHaveLength(1)
  })

  it('points the provider at our relay and every chain at our RPC proxy, no telemetry', async () => {
    const wagmiConfig = config()
    const parameters = walletConnectParameters({ wagmiConfig, options })
    expect(parameters).toMatchObject({
      projectId: 'p',
      relayUrl: 'wss://api.example.com/relay',
      rpcMap: {
        1: 'http://127.0.0.1:8787/v1?chainId=eip155:1&projectId=p',
        8453: 'http://127.0.0.1:8787/v1?chainId=eip155:8453&projectId=p',
      },
    })

    let asked: unknown
    const provider = {
      session: undefined as object | undefined,
      events: { setMaxListeners() {} },
      on() {},
      removeListener() {},
      async connect(params: unknown) {
        asked = params
        provider.session = {}
      },
      enable: async () => ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
      request: async ({ method }: { method: string }) => (method === 'eth_chainId' ? 8453 : []),
    }
    const connector = ensureWalletConnectConnector(
      { wagmiConfig, options },
      { loadProvider: async () => provider as unknown as WalletConnectProvider },
    )
    await connect(wagmiConfig, { connector, chainId: 8453 })
    expect(asked).toMatchObject({
      optionalNamespaces: {
        eip155: {
          chains: ['eip155:8453', 'eip155:1'],
          events: ['chainChanged', 'accountsChanged'],
          rpcMap: {
            1: 'http://127.0.0.1:8787/v1?chainId=eip155:1&projectId=p',
            8453: 'http://127.0.0.1:8787/v1?chainId=eip155:8453&projectId=p',
          },
        },
      },
    })
    expect(
      (asked as { optionalNamespaces: { eip155: { methods: string[] } } }).optionalNamespaces.eip155
        .methods,
    ).toContain('personal_sign')
  })
})
