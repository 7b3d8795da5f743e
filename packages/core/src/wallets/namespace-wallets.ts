// The wallets of the namespaces beside eip155 (Solana's, over wallet-standard): their adapter
// lists them in the connection store when it loads. The Connect view asks for it when it opens,
// so the page never carries that code, and only when the host configured such a network.
import type { ChainAdapterFor } from '../adapters/chain-adapter'
import type { ChainNamespace } from '../caip'
import type { CaipNetwork } from '../networks'

export interface NamespaceWalletsHost {
  readonly options: { readonly networks: readonly CaipNetwork[] }
  readonly chain: ChainAdapterFor
}

export async function loadNamespaceWallets(host: NamespaceWalletsHost): Promise<void> {
  const namespaces = new Set<ChainNamespace>(
    host.options.networks
      .map((network) => network.chainNamespace)
      .filter((namespace) => namespace !== 'eip155'),
  )
  // A namespace without an adapter yet (bip122) lists no wallets: nothing to show for it.
  await Promise.all(
    [...namespaces].map((namespace) => host.chain(namespace).catch(() => undefined)),
  )
}
