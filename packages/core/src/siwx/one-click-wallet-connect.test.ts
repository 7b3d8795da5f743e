// One-click sign-in through our WalletConnect connection: with sign-in on and only eip155
// networks requested, the connection pairs with `authenticate` and the session is stored on
// the real server; otherwise it pairs with a plain `connect`. The wallet is a stand-in for the
// universal provider that signs what WalletConnect's formatMessage writes with a real key.

import { DEV_PROJECT_ID } from '@portico/test-kit/server'
import { serverPerFile } from '@portico/test-kit/vitest'
import { createConfig, getConnection, http } from '@wagmi/core'
import { formatMessage } from '@walletconnect/utils'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { mainnet as viemMainnet } from 'viem/chains'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { WalletConnectProvider } from '../adapters/evm/wallet-connect-connector'
import {
  resetWalletConnectFlow,
  startWalletConnect,
} from '../connectors/wallet-connect/wallet-connect-flow'
import {
  ensureWalletConnectConnector,
  type WalletConnectHost,
} from '../connectors/wallet-connect/wallet-connect-setup'
import { base, mainnet, solana } from '../networks'
import { connectionStore } from '../state/connection'
import { hideToast, toastStore } from '../state/toast'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { createServerSiwx } from './create-server-siwx'
import type { OneClickCacao } from './one-click'

const desktop = {
  mobile: false,
  ios: false,
  android: false,
  safari: false,
  telegram: false,
} as const
const account = privateKeyToAccount(generatePrivateKey())
const page = { host: 'localhost:3000', href: 'http://localhost:3000/' }

const server = serverPerFile()

/** The universal provider as far as the connector and one-click sign-in use it. */
function fakeWallet() {
  const calls: string[] = []
  let toastWhileAsked: unknown
  const provider = {
    session: undefined as undefined | object,
    events: { setMaxListeners() {} },
    client: {
      formatAuthMessage: ({ request, iss }: { request: OneClickCacao['p']; iss: string }) =>
        formatMessage(request, iss),
    },
    on() {},
    removeListener() {},
    async connect() {
      calls.push('connect')
      provider.session = { topic: 't' }
    },
    async authenticate(params: {
      chains: string[]
      domain: string
      uri: string
      nonce: string
      iat?: string
      exp?: string
      statement?: string
      methods?: string[]
    }) {
      calls.push(`authenticate ${params.chains.join(',')}`)
      // A session comes with the sign-in only for methods the request names (a ReCap).
      if (!params.methods?.includes('personal_sign')) return { session: undefined, auths: [] }
      toastWhileAsked = { ...toastStore.get() }
      const iss = `did:pkh:${params.chains[0]}:${account.address}`
      const p: OneClickCacao['p'] = {
        iss,
        domain: params.domain,
        aud: params.uri,
        version: '1',
        nonce: params.nonce,
        ...(params.iat ? { iat: params.iat } : {}),
        ...(params.exp ? { exp: params.exp } : {}),
        ...(params.statement ? { statement: params.statement } : {}),
      }
      const signature = await account.signMessage({ message: formatMessage(p, iss) })
      provider.session = { topic: 't' }
      return {
        session: provider.session,
        auths: [{ h: { t: 'caip122' }, p, s: { t: 'eip191', s: signature } }],
      }
    },
    async enable() {
      return [account.address]
    },
    async request({ method }: { method: string }) {
      if (method === 'eth_accounts') return [account.address]
      if (method === 'eth_chainId') return 1
      throw new Error(`unexpected ${method}`)
    },
    async disconnect() {
      provider.session = undefined
    },
  }
  return { provider, calls, toastWhileAsked: () => toastWhileAsked }
}

function hostWith(networks: WalletConnectHost['options']['networks'], wallet = fakeWallet()) {
  // As the Portico client hands it its own server.
  const siwx = createServerSiwx({ location: page }).forServer({
    apiUrl: server().url,
    projectId: DEV_PROJECT_ID,
  })
  const host: WalletConnectHost = {
    wagmiConfig: createConfig({
      chains: [viemMainnet],
      transports: { [viemMainnet.id]: http('http://127.0.0.1:1') },
      storage: null,
      multiInjectedProviderDiscovery: false,
    }),
    options: {
      apiUrl: server().url,
      projectId: DEV_PROJECT_ID,
      relayUrl: undefined,
      metadata: undefined,
      siwx,
      networks,
    },
  }
  ensureWalletConnectConnector(host, {
    loadProvider: async () => wallet.provider as unknown as WalletConnectProvider,
  })
  return { host, siwx, wallet }
}

beforeEach(() => {
  resetWalletConnectFlow()
  connectionStore.reset()
  hideToast()
  toastStore.reset()
})
afterEach(() => clearMemoryFallback())

describe('one-click sign-in over WalletConnect', () => {
  it('connects and signs in at once when every requested network is eip155', async () => {
    const { host, siwx, wallet } = hostWith([mainnet, base])
    await startWalletConnect(host, { platform: desktop })
    expect(wallet.calls).toEqual(['authenticate eip155:1,eip155:8453'])
    expect(getConnection(host.wagmiConfig).status).toBe('connected')
    expect(wallet.toastWhileAsked()).toMatchObject({
      message: 'Authenticating...',
      variant: 'loading',
      autoClose: false,
    })
    expect(toastStore.get().open).toBe(false)
    const sessions = await siwx.getSessions('eip155:1', account.address)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.cacao).toBeDefined()
  })

  it('pairs with a plain connect when a requested network is not eip155', async () => {
    const { host, siwx, wallet } = hostWith([mainnet, solana])
    await startWalletConnect(host, { platform: desktop })
    expect(wallet.calls).toEqual(['connect'])
    expect(getConnection(host.wagmiConfig).status).toBe('connected')
    expect(await siwx.getSessions('eip155:1', account.address)).toEqual([])
  })
})
