// A switch to a network of another namespace needs an account there. Where that namespace is
// not connected, the wallet the visitor is connected with is asked for its other side when it
// offers one: a wallet installed for both namespaces registers under one name (EIP-6963 and
// wallet-standard), as the Connect view's one row per wallet reads it. A wallet without that
// side is named in the refusal, and nothing is switched.
import type { ChainAdapter } from '../adapters/chain-adapter'
import { NamespaceAccountMissingError } from '../adapters/chain-errors'
import type { CaipNetwork } from '../networks'
import { getAccount } from '../state/account'
import { activeNamespaceAccount } from '../state/active-namespace'

const sameName = (one: string, other: string) =>
  one.trim().toLowerCase() === other.trim().toLowerCase()

/** Connects `adapter`'s namespace through the connected wallet, unless it is connected already. */
export async function connectNamespaceFor(
  adapter: ChainAdapter,
  network: CaipNetwork,
): Promise<void> {
  if (getAccount(network.chainNamespace).status === 'connected') return
  const current = activeNamespaceAccount()
  // Nobody connected: the visitor is only choosing the network to connect on.
  if (current?.status !== 'connected') return
  const walletName = current.connectedWalletInfo?.name ?? 'The connected wallet'
  const otherSide = adapter.listWallets().find((wallet) => sameName(wallet.name, walletName))
  if (!otherSide) throw new NamespaceAccountMissingError(walletName, network.name)
  await adapter.connect(otherSide.id)
}
