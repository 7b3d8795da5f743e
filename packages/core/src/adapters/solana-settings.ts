// The Solana adapter's settings from the client's options: the configured Solana networks, each
// read through our server's RPC proxy. Apart from adapters/solana/ so that building them loads
// no Solana code: that arrives only when a flow asks for the namespace.
import type { CaipNetwork, SolanaNetwork } from '../networks'
import type { ServerSettings } from '../options/server-settings'
import { rpcProxyUrl } from './rpc-proxy-url'
import type { SolanaAdapterSettings } from './solana/solana-chain-adapter'

/** Undefined when no Solana network is configured: the namespace then has no adapter. */
export function solanaSettingsOf(
  options: ServerSettings & { networks: readonly CaipNetwork[] },
): SolanaAdapterSettings | undefined {
  const networks = options.networks.filter(
    (network): network is SolanaNetwork => network.chainNamespace === 'solana',
  )
  if (networks.length === 0) return undefined
  return {
    networks,
    rpcUrlOf: (network) => rpcProxyUrl(options.apiUrl, options.projectId, network.caipNetworkId),
  }
}
