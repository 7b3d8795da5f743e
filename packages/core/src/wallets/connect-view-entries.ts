// The Connect view's list (docs/product.md#orders, connectors): walletConnect, recent, injected,
// featured, custom, external, recommended. One entry per wallet: a wallet announced over
// EIP-6963 that is also in the registry (same rdns), or recent and featured, shows once, in
// the first group it belongs to.
import { WALLET_CONNECT_IMAGE_ID } from '@portico/protocol/wallet-images'
import type { ModalWallet } from '../api/wallets'
import type { ChainNamespace } from '../caip'
import type { Connector, RecentWallet } from '../state/connection'

export type ConnectEntryKind =
  | 'walletConnect'
  | 'recent'
  | 'injected'
  | 'featured'
  | 'custom'
  | 'external'
  | 'recommended'

export interface ConnectEntry {
  /** Unique in the list. */
  key: string
  kind: ConnectEntryKind
  name: string
  imageUrl: string | undefined
  /** Connect with this (installed) connector. */
  connector?: Connector
  /** Connect to this registry wallet over WalletConnect. */
  wallet?: ModalWallet
}

export interface ConnectEntriesInput {
  connectors: readonly Connector[]
  recentWallets: readonly RecentWallet[]
  /** Registry entries of the featured wallet ids, in the host's order. */
  featured: readonly ModalWallet[]
  /** The registry's recommended wallets (4, docs/product.md#wallet-api). */
  recommended: readonly ModalWallet[]
  /** Host wallets of its own, already as registry-shaped entries. */
  custom?: readonly ModalWallet[]
  /** The URL of a registry wallet's image. */
  walletImageUrl(wallet: ModalWallet): string | undefined
  /**
   * Which side a wallet offering several namespaces (EIP-6963 and wallet-standard under one
   * name) connects when picked: the active network's namespace. Default eip155.
   */
  preferredNamespace?: ChainNamespace
}

/**
 * One connector per wallet name: where a wallet is installed for several namespaces, the
 * preferred namespace's connector stands for it (docs/product.md#connect).
 */
function onePerWallet(connectors: readonly Connector[], preferred: ChainNamespace): Connector[] {
  const nameOf = (connector: Connector) => connector.name.trim().toLowerCase()
  return connectors.filter(
    (connector) =>
      !connectors.some(
        (other) =>
          other !== connector &&
          other.chain !== connector.chain &&
          nameOf(other) === nameOf(connector) &&
          (other.chain === preferred ||
            (connector.chain !== preferred &&
              connectors.indexOf(other) < connectors.indexOf(connector))),
      ),
  )
}

const WALLET_CONNECT_KEY = 'walletConnect'

/** A wallet known only by its id, name and image id, shaped as a registry entry. */
function registryStub(
  recent: Pick<RecentWallet, 'id' | 'name' | 'rdns'>,
  imageId = '',
): ModalWallet {
  return {
    id: recent.id,
    name: recent.name,
    image_id: imageId,
    rdns: recent.rdns ?? null,
    chains: [],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  }
}

export function connectViewEntries(input: ConnectEntriesInput): ConnectEntry[] {
  const entries: ConnectEntry[] = [
    {
      key: WALLET_CONNECT_KEY,
      kind: 'walletConnect',
      name: 'WalletConnect',
      // Its logo is served as the registry wallets' are, under an image id of its own.
      imageUrl: input.walletImageUrl(
        registryStub({ id: WALLET_CONNECT_KEY, name: 'WalletConnect' }, WALLET_CONNECT_IMAGE_ID),
      ),
    },
  ]
  // Everything that names a wallet already listed: connector ids, registry ids, rdns.
  const seen = new Set<string>([WALLET_CONNECT_KEY])
  const isSeen = (...names: (string | null | undefined)[]) =>
    names.some((name) => name !== undefined && name !== null && seen.has(name))
  const markSeen = (...names: (string | null | undefined)[]) => {
    for (const name of names) if (name) seen.add(name)
  }
  const installed = onePerWallet(
    input.connectors.filter((connector) => connector.type !== 'WALLET_CONNECT'),
    input.preferredNamespace ?? 'eip155',
  )
  const registry = [...input.featured, ...input.recommended, ...(input.custom ?? [])]

  for (const recent of input.recentWallets) {
    if (isSeen(recent.id, recent.rdns)) continue
    const connector = installed.find(
      (entry) => entry.id === recent.id || (recent.rdns && entry.info?.rdns === recent.rdns),
    )
    if (connector) {
      entries.push({
        key: `recent:${connector.id}`,
        kind: 'recent',
        name: connector.name,
        imageUrl: connector.imageUrl,
        connector,
      })
      markSeen(recent.id, recent.rdns, connector.id, connector.info?.rdns)
      continue
    }
    const wallet = registry.find((entry) => entry.id === recent.id) ?? registryStub(recent)
    entries.push({
      key: `recent:${wallet.id}`,
      kind: 'recent',
      name: wallet.name,
      imageUrl: recent.imageUrl ?? input.walletImageUrl(wallet),
      wallet,
    })
    markSeen(recent.id, recent.rdns, wallet.rdns)
  }

  const connectorGroup = (kind: 'injected' | 'external', connectors: readonly Connector[]) => {
    for (const connector of connectors) {
      if (isSeen(connector.id, connector.info?.rdns)) continue
      entries.push({
        key: `${kind}:${connector.id}`,
        kind,
        name: connector.name,
        imageUrl: connector.imageUrl,
        connector,
      })
      markSeen(connector.id, connector.info?.rdns)
    }
  }
  const walletGroup = (
    kind: 'featured' | 'custom' | 'recommended',
    wallets: readonly ModalWallet[],
  ) => {
    for (const wallet of wallets) {
      if (isSeen(wallet.id, wallet.rdns)) continue
      entries.push({
        key: `${kind}:${wallet.id}`,
        kind,
        name: wallet.name,
        imageUrl: input.walletImageUrl(wallet),
        wallet,
      })
      markSeen(wallet.id, wallet.rdns)
    }
  }

  connectorGroup(
    'injected',
    installed.filter(
      (connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED',
    ),
  )
  walletGroup('featured', input.featured)
  walletGroup('custom', input.custom ?? [])
  connectorGroup(
    'external',
    installed.filter(
      (connector) => connector.type === 'EXTERNAL' || connector.type === 'MULTI_CHAIN',
    ),
  )
  walletGroup('recommended', input.recommended)
  return entries
}

/** The tag a row carries beside its name. */
export function connectEntryTag(entry: ConnectEntry): string | undefined {
  switch (entry.kind) {
    case 'walletConnect':
      return 'QR code'
    case 'recent':
      return 'Recent'
    case 'injected':
      return 'Installed'
    default:
      return undefined
  }
}
