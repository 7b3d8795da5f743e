// The modal in WalletConnect-network mode (createPortico's walletConnectNetwork): it pairs
// through the network's relay with the host's WalletConnect Cloud project id, never our relay
// or Portico's project id. Offline the network is played by a second server of ours speaking
// the real relay protocol at a configured URL, whose only project is that Cloud id (so it
// refuses Portico's). The page side is the modal's own connector, made from the resolved
// options as the modal makes it, on the unmodified SDK; the phone wallet is our WalletKit
// wallet configured for that relay, as a phone wallet is for the network's.
import { randomBytes } from 'node:crypto'
import { type Devnet, startDevnet } from '@portico/devnet'
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import type { Connector } from '@wagmi/core'
import { type Hex, toHex, verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { createEvmConfig } from '../../../../packages/core/src/adapters/evm/wagmi-config'
import {
  type WalletConnectProvider,
  walletConnectConnector,
} from '../../../../packages/core/src/adapters/evm/wallet-connect-connector'
import { initUniversalProvider } from '../../../../packages/core/src/connectors/wallet-connect/universal-provider-init'
import { walletConnectParameters } from '../../../../packages/core/src/connectors/wallet-connect/wallet-connect-setup'
import { mainnet } from '../../../../packages/core/src/networks'
import { resolveOptions } from '../../../../packages/core/src/options/resolve-options'
import { DEV_PROJECT_ID } from '../../../server/src/projects/dev-project'
import { createRelayTestIdentity } from '../../../server/src/test/relay-identity'
import { startTestServer, type TestServer } from '../../../server/src/test/test-server'
import { MemoryStorage } from '../test/memory-storage'
import { until } from '../test/until'
import { relayUrlOf } from './config'
import { Wallet } from './wallet'
import type { WalletState } from './wallet-state'

/** The host's WalletConnect Cloud project id: another account than its Portico project. */
const CLOUD_PROJECT_ID = 'c10dc10dc10dc10dc10dc10dc10dc10d'
const account = DEV_ACCOUNTS[0] as { address: Hex; privateKey: Hex }

/** The HTTP status the relay answers a WebSocket upgrade with (101 when it takes the socket). */
function upgradeStatus(relayUrl: string, projectId: string): Promise<number> {
  const auth = createRelayTestIdentity().jwt()
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${relayUrl}?projectId=${projectId}&auth=${auth}`, {
      headers: { origin: 'http://localhost:3000' },
    })
    socket.on('open', () => {
      socket.close()
      resolve(101)
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0))
    socket.on('error', reject)
  })
}

describe('pairing over the WalletConnect network (a stand-in relay of ours)', () => {
  let devnet: Devnet
  let portico: TestServer
  let network: TestServer
  let wallet: Wallet
  let connector: Connector
  let provider: WalletConnectProvider | undefined
  const state = (): WalletState => wallet.getState()

  beforeAll(async () => {
    ;[devnet, portico, network] = await Promise.all([
      startDevnet({ chains: [{ chainId: 1, port: 0 }] }),
      startTestServer(),
      startTestServer({
        config: {
          devProject: {
            id: CLOUD_PROJECT_ID,
            name: 'WalletConnect network stand-in',
            allowedOrigins: ['localhost:*', '127.0.0.1:*'],
          },
        },
      }),
    ])
  }, 120_000) // Two servers and a chain: slower to start than a file's usual one server.

  afterAll(async () => {
    await wallet?.stop()
    if (provider) {
      provider.client.core.heartbeat.stop()
      await provider.client.core.relayer.transportClose().catch(() => {})
    }
    await Promise.all([portico?.stop(), network?.stop(), devnet?.stop()])
  })

  it('authenticates on the network relay with the Cloud project id, pairs and signs', async () => {
    const networkRelay = relayUrlOf(network.url)
    // The stand-in is the network: it knows the Cloud project and not Portico's.
    expect(await upgradeStatus(networkRelay, CLOUD_PROJECT_ID)).toBe(101)
    expect(await upgradeStatus(networkRelay, DEV_PROJECT_ID)).toBe(403)

    const options = resolveOptions({
      projectId: DEV_PROJECT_ID,
      apiUrl: portico.url,
      networks: [mainnet],
      metadata: { name: 'Host page', description: '', url: 'http://localhost:3000', icons: [] },
      walletConnectNetwork: { projectId: CLOUD_PROJECT_ID, relayUrl: networkRelay },
    })
    const wagmiConfig = createEvmConfig({ ...options, storage: null })
    const parameters = walletConnectParameters({ wagmiConfig, options })
    connector = wagmiConfig._internal.connectors.setup(
      walletConnectConnector({
        ...parameters,
        // The SDK the modal loads, with the same options, kept in memory rather than on disk.
        loadProvider: async (given) => {
          provider = await initUniversalProvider({
            projectId: given.projectId,
            relayUrl: given.relayUrl,
            metadata: given.metadata,
            telemetryEnabled: false,
            disableProviderPing: true,
            logger: 'error',
            storage: new MemoryStorage(),
            customStoragePrefix: `page-${randomBytes(6).toString('hex')}`,
          })
          return provider
        },
      }),
    )

    wallet = await Wallet.create({
      config: {
        relayUrl: networkRelay,
        projectId: CLOUD_PROJECT_ID,
        rpcUrls: { 1: devnet.chains[0]?.rpcUrl ?? '' } as never,
        accountIndex: 0,
        privateKey: account.privateKey,
      },
      storage: new MemoryStorage(),
      storagePrefix: `wallet-${randomBytes(6).toString('hex')}`,
      logger: 'silent',
    })

    let uri: string | undefined
    connector.emitter.on('message', (message) => {
      if (message.type === 'display_uri') uri = message.data as string
    })
    const connected = connector.connect({ chainId: 1 })
    await wallet.pair(await until(() => uri))
    const proposal = await until(() => state().proposals[0])
    expect(proposal.dapp).toEqual({ name: 'Host page', url: 'http://localhost:3000' })
    await wallet.approveProposal(proposal.id)
    const { accounts, chainId } = await connected
    expect(accounts).toEqual([account.address])
    expect(chainId).toBe(1)

    const message = 'Signed over the WalletConnect network'
    const target = (await connector.getProvider()) as WalletConnectProvider
    const answer = target.request<Hex>({
      method: 'personal_sign',
      params: [toHex(message), account.address],
    })
    const pending = await until(() => state().requests[0])
    await wallet.approveRequest(pending.id)
    expect(
      await verifyMessage({ address: account.address, message, signature: await answer }),
    ).toBe(true)
  })

  it('keeps pairing through our own relay with Portico project id by default', () => {
    const options = resolveOptions({
      projectId: DEV_PROJECT_ID,
      apiUrl: portico.url,
      networks: [mainnet],
    })
    const wagmiConfig = createEvmConfig({ ...options, storage: null })
    const parameters = walletConnectParameters({ wagmiConfig, options })
    expect(parameters.projectId).toBe(DEV_PROJECT_ID)
    expect(parameters.relayUrl).toBe(relayUrlOf(portico.url))
  })
})
