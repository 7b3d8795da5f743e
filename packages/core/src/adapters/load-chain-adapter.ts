// Which adapter serves a namespace. A chunk of its own, loaded by the first flow or action a
// view starts (the modal is open by then): the page pays at load for wagmi's state sync only.
// A namespace other than eip155 is a further import() here, so its library (Solana's) is
// fetched only when one of its networks is configured and the modal asks for it.
import type { ChainNamespace } from '../caip'
import type { ChainAdapter } from './chain-adapter'
import { ChainNotSupportedError } from './chain-errors'
import { createEvmChainAdapter } from './evm/evm-chain-adapter'
import type { EvmConfig } from './evm/wagmi-config'
import type { SolanaAdapterSettings } from './solana/solana-chain-adapter'

/**
 * The page's EVM adapter: wagmi's config, and its reconnect (which resyncs the stores too);
 * the Solana settings when a Solana network is configured.
 */
export interface ChainAdapterSources {
  readonly config: EvmConfig
  reconnect(): Promise<void>
  readonly solana?: SolanaAdapterSettings | undefined
}

const adapters = new WeakMap<EvmConfig, Map<ChainNamespace, ChainAdapter>>()

export async function loadChainAdapter(
  namespace: ChainNamespace,
  sources: ChainAdapterSources,
): Promise<ChainAdapter> {
  let loaded = adapters.get(sources.config)
  if (!loaded) {
    loaded = new Map()
    adapters.set(sources.config, loaded)
  }
  const known = loaded.get(namespace)
  if (known) return known
  if (namespace === 'solana' && sources.solana) {
    const { createSolanaChainAdapter } = await import('./solana/solana-chain-adapter')
    // Two flows may have asked at once: the first to arrive keeps its adapter (and session).
    const adapter = loaded.get(namespace) ?? createSolanaChainAdapter(sources.solana)
    loaded.set(namespace, adapter)
    return adapter
  }
  if (namespace !== 'eip155') throw new ChainNotSupportedError(namespace)
  const adapter = createEvmChainAdapter(sources.config, { reconnect: () => sources.reconnect() })
  loaded.set(namespace, adapter)
  return adapter
}
