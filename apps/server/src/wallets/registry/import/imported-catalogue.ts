// The imported catalogue as it is kept in the repository (imported/wallets.json and
// images.json beside the built-in lists, written by import-wallets-cli.ts) and read back by the
// server when the operator serves it (PORTICO_WALLET_REGISTRY=imported).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { WalletEntry } from '../wallet-entry'
import type { ImportedImage } from './imported-image'
import type { ImportedCatalogue } from './registry-import'

export const IMPORTED_CATALOGUE_DIR = fileURLToPath(new URL('../imported', import.meta.url))

export function writeImportedCatalogue(dir: string, catalogue: ImportedCatalogue): void {
  const { images, ...listed } = catalogue
  // One wallet a line: a new import's diff shows the wallets that changed.
  const wallets = listed.wallets.map((wallet) => `    ${JSON.stringify(wallet)}`).join(',\n')
  writeFileSync(
    join(dir, 'wallets.json'),
    `{\n  "source": ${JSON.stringify(listed.source)},\n  "wallets": [\n${wallets}\n  ]\n}\n`,
  )
  const lines = Object.entries(images).map(
    ([id, image]) => `  ${JSON.stringify(id)}: ${JSON.stringify(image)}`,
  )
  writeFileSync(join(dir, 'images.json'), `{\n${lines.join(',\n')}\n}\n`)
}

/** The committed catalogue: loaded only when served (about 1.3 MB of JSON, mostly logos). */
export async function loadImportedCatalogue(): Promise<ImportedCatalogue> {
  const [wallets, images] = await Promise.all([
    import('../imported/wallets.json', { with: { type: 'json' } }),
    import('../imported/images.json', { with: { type: 'json' } }),
  ])
  return {
    source: wallets.default.source,
    wallets: wallets.default.wallets as WalletEntry[],
    images: images.default as Record<string, ImportedImage>,
  }
}
