// Which registry the Wallet API serves (PORTICO_WALLET_REGISTRY): the built-in list (the
// default, offline and reviewed by hand), or the built-in list followed by the imported
// WalletConnect registry (import/), where a wallet the built-in list holds keeps its built-in
// entry: one entry per wallet, whatever the sources.

import { loadImportedCatalogue } from './import/imported-catalogue'
import type { ImportedImage } from './import/imported-image'
import type { WalletEntry } from './wallet-entry'
import { walletRegistry } from './wallet-registry'
import { checkRegistry } from './wallet-registry-check'

export const WALLET_REGISTRY_CHOICES = ['built-in', 'imported'] as const
export type WalletRegistryChoice = (typeof WALLET_REGISTRY_CHOICES)[number]

export interface ServedRegistry {
  wallets: readonly WalletEntry[]
  /** image_id -> the logo an imported listing brought. */
  images: ReadonlyMap<string, ImportedImage>
}

/** The built-in entries, then each imported one that is no built-in wallet again. */
export function mergeRegistries(
  builtIn: readonly WalletEntry[],
  imported: readonly WalletEntry[],
): WalletEntry[] {
  const keysOf = (wallet: WalletEntry) => [
    wallet.id,
    wallet.image_id,
    `name:${wallet.name.toLowerCase()}`,
    ...(wallet.rdns === null ? [] : [`rdns:${wallet.rdns}`]),
  ]
  const taken = new Set(builtIn.flatMap(keysOf))
  return [...builtIn, ...imported.filter((wallet) => !keysOf(wallet).some((key) => taken.has(key)))]
}

export async function loadServedRegistry(choice: WalletRegistryChoice): Promise<ServedRegistry> {
  if (choice === 'built-in') return { wallets: walletRegistry, images: new Map() }
  const catalogue = await loadImportedCatalogue()
  const wallets = mergeRegistries(walletRegistry, catalogue.wallets)
  const problems = checkRegistry(wallets)
  if (problems.length > 0) {
    throw new Error(`The imported wallet registry is wrong:\n${problems.join('\n')}`)
  }
  const served = new Set(wallets.map((wallet) => wallet.image_id))
  const images = new Map(Object.entries(catalogue.images).filter(([id]) => served.has(id)))
  return { wallets, images }
}

export function readWalletRegistryChoice(value: string | undefined): WalletRegistryChoice {
  if (value === undefined || value === '') return 'built-in'
  const choice = WALLET_REGISTRY_CHOICES.find((known) => known === value)
  if (!choice) {
    throw new Error(
      `PORTICO_WALLET_REGISTRY must be ${WALLET_REGISTRY_CHOICES.join(' or ')}, not ${value}`,
    )
  }
  return choice
}
