// wagmi connectors as the modal's Connector entities (docs/product.md#connector).
import type { Connector as WagmiConnector } from '@wagmi/core'
import type { Connector } from '../../state/connection'

const REVERSE_DNS = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i

/**
 * The wallet's reverse-DNS name. wagmi builds each EIP-6963 connector as
 * `injected({ target: { ...info, id: info.rdns } })`: the rdns becomes its id and its `rdns`
 * field stays unset, so for an injected connector an id in reverse-DNS form is the rdns.
 */
function walletRdns(connector: WagmiConnector): string | undefined {
  if (connector.rdns) return typeof connector.rdns === 'string' ? connector.rdns : connector.rdns[0]
  if (connector.type === 'injected' && REVERSE_DNS.test(connector.id)) return connector.id
  return undefined
}

export function toConnector(connector: WagmiConnector): Connector {
  const rdns = walletRdns(connector)
  const announced = connector.type === 'injected' && rdns !== undefined
  return {
    id: connector.id,
    name: connector.name,
    // The embedded wallet (e-mail login) is an AUTH connector: the Connect view offers it as
    // its e-mail field, never as a wallet row.
    type: announced
      ? 'ANNOUNCED'
      : connector.type === 'walletConnect'
        ? 'WALLET_CONNECT'
        : connector.type === 'embeddedWallet'
          ? 'AUTH'
          : 'INJECTED',
    chain: 'eip155',
    ...(connector.icon ? { imageUrl: connector.icon } : {}),
    ...(rdns ? { info: { rdns } } : {}),
  }
}

/** One entry per wallet: an announced provider wins over a generic injected one. */
export function listConnectors(connectors: readonly WagmiConnector[]): Connector[] {
  const seen = new Set<string>()
  const result: Connector[] = []
  for (const connector of connectors) {
    const entry = toConnector(connector)
    const key = entry.info?.rdns ?? entry.id
    if (seen.has(key)) continue
    seen.add(key)
    result.push(entry)
  }
  return result
}
