// The wagmi config behind the EVM adapter. Every chain's transport is our own server's
// JSON-RPC proxy, so the page never talks to a third-party RPC.

import type { RpcProxyQuery } from '@portico/protocol/rpc-proxy'
import {
  type Config,
  type CreateConnectorFn,
  createConfig,
  createStorage,
  type Storage,
} from '@wagmi/core'
import type { Chain } from 'viem'
import { PorticoError } from '../../errors/portico-error'
import type { CaipNetwork } from '../../networks'
import type { ServerSettings } from '../../options/server-settings'
import { lazyHttp } from './lazy-http-transport'

/** The server settings give every chain's transport: our RPC proxy. */
export interface EvmConfigOptions extends ServerSettings {
  networks: CaipNetwork[]
  /** Browser storage for wagmi's own persisted state; absent in Node. */
  storage?: Storage | null
  /** Connectors beside the ones discovered over EIP-6963. */
  connectors?: CreateConnectorFn[]
}

/** The proxy's query keys are the protocol's: a renamed key fails to compile here. */
export function rpcProxyUrl(apiUrl: string, projectId: string, chainId: number): string {
  const base = apiUrl.replace(/\/$/, '')
  // The CAIP-2 id is sent as it reads (`eip155:1`), the project id escaped.
  const query = {
    chainId: `eip155:${chainId}`,
    projectId: encodeURIComponent(projectId),
  } satisfies RpcProxyQuery
  const text = Object.entries(query).map(([name, value]) => `${name}=${value}`)
  return `${base}/v1?${text.join('&')}`
}

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
    connectors: options.connectors ?? [],
    multiInjectedProviderDiscovery: true,
    storage,
    ssr: false,
  })
}
