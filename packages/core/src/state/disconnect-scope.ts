// Which namespaces a disconnect ends (docs/product.md#states): the one asked, and every other
// connected namespace whose wallet came through the same WalletConnect or auth connector type.
// One WalletConnect session, or one login into the embedded wallet, holds all its chains, so
// ending it for one chain ends it for the rest; an injected wallet's chains are apart.
import type { ChainNamespace } from '../caip'
import type { AccountState } from './account'
import type { Connector, ConnectorType } from './connection'

const SESSION_CONNECTOR_TYPES: readonly ConnectorType[] = ['WALLET_CONNECT', 'AUTH']

export function namespacesToDisconnect(
  namespace: ChainNamespace,
  accounts: AccountState,
  connectors: readonly Connector[],
): ChainNamespace[] {
  const typeOf = (candidate: ChainNamespace) => {
    const id = accounts.byNamespace[candidate]?.connectedWalletInfo?.identifier
    return id === undefined ? undefined : connectors.find((entry) => entry.id === id)?.type
  }
  const type = typeOf(namespace)
  if (type === undefined || !SESSION_CONNECTOR_TYPES.includes(type)) return [namespace]
  const others = (Object.keys(accounts.byNamespace) as ChainNamespace[]).filter(
    (other) =>
      other !== namespace &&
      accounts.byNamespace[other]?.status === 'connected' &&
      typeOf(other) === type,
  )
  return [namespace, ...others]
}
