// The wagmi config behind the EVM adapter. Every chain's transport is our own server's
// JSON-RPC proxy, so the page never talks to a third-party RPC.
import {
  type Config,
  type Connector,
  type CreateConnectorFn,
  createConfig,
  createStorage,
  type Storage,
} from '@wagmi/core'
import type { Chain } from 'viem'
import { MULTICALL_BATCH_SIZE } from '../../constants'
import { PorticoError } from '../../errors/portico-error'
import type { CaipNetwork } from '../../networks'
import type { ServerSettings } from '../../options/server-settings'
import { rpcProxyUrl as networkRpcProxyUrl } from '../rpc-proxy-url'
import { lazyHttp } from './lazy-http-transport'

/**
 * wagmi's config, named by the adapter that owns it: code outside adapters/evm (the client,
 * the connectors' setup) holds it by this name and never imports @wagmi/core itself.
 */
export type EvmConfig = Config

/** A wagmi connector, as the connectors' setup modules hold it. */
export type EvmConnector = Connector

/** The server settings give every chain's transport: our RPC proxy. */
export interface EvmConfigOptions extends ServerSettings {
  networks: CaipNetwork[]
  /** Browser storage for wagmi's own persisted state; absent in Node. */
  storage?: Storage | null
  /** Connectors beside the ones discovered over EIP-6963. */
  connectors?: CreateConnectorFn[]
}

/** An EVM chain's transport URL: our RPC proxy, under the chain's CAIP-2 id. */
export const rpcProxyUrl = (apiUrl: string, projectId: string, chainId: number): string =>
  networkRpcProxyUrl(apiUrl, projectId, `eip155:${chainId}`)

export function toViemChain(network: CaipNetwork, rpcUrl: string): Chain {
  return {
    id: Number(network.id),
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: { default: { http: [rpcUrl] } },
    blockExplorers: network.blockExplorers,
    testnet: network.testnet,
  } as Chain
}

export function createEvmConfig(options: EvmConfigOptions): Config {
  const networks = options.networks.filter((network) => network.chainNamespace === 'eip155')
  const [first, ...rest] = networks.map((network) =>
    toViemChain(network, rpcProxyUrl(options.apiUrl, options.projectId, Number(network.id))),
  )
  if (!first) throw new PorticoError('At least one eip155 network is required')
  const chains: [Chain, ...Chain[]] = [first, ...rest]
  const storage =
    options.storage !== undefined
      ? options.storage
      : typeof window !== 'undefined'
        ? createStorage({ storage: window.localStorage, key: 'portico.wagmi' })
        : null
  return createConfig({
    chains,
    transports: Object.fromEntries(
      // viem's http() arrives with the first request: the page does not pay for it up front.
      chains.map((chain) => [chain.id, lazyHttp(chain.rpcUrls.default.http[0] ?? '')]),
    ),
    // eth_calls made together (the host's own contract reads) go as one Multicall3 call per
    // MULTICALL_BATCH_SIZE bytes of calldata (docs/product.md#constants). Deployless: the call
    // carries Multicall3's creation code, so it works on a chain without Multicall3, the devnets
    // included, where a call to its usual address would answer nothing.
    batch: { multicall: { batchSize: MULTICALL_BATCH_SIZE, deployless: true } },
    connectors: options.connectors ?? [],
    multiInjectedProviderDiscovery: true,
    storage,
    ssr: false,
  })
}
