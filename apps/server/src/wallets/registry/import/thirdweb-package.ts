// The WalletConnect registry as the `thirdweb` npm package (Apache-2.0) carries it: its
// generator writes each registry wallet as `dist/esm/wallets/__generated__/wallet/<id>/index.js`
// (the listing: name, homepage, image_id, rdns, mobile / desktop links, store pages) and
// `image.js` (its logo as a data: URI), and lists them most used first in `wallet-infos.js`.
// Its listings carry no chains and no 64-hex id: registry-listing.ts gives them ours.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SourceListing } from './registry-import'
import type { RegistryListing } from './registry-listing'

const GENERATED = join('dist', 'esm', 'wallets', '__generated__')

/** thirdweb's own connection kinds, listed beside the wallets but no registry wallet. */
const NOT_REGISTRY_WALLETS = new Set(['smart', 'inApp', 'embedded', 'walletConnect', 'adapter'])

async function importDefault(path: string, name: string): Promise<unknown> {
  const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>
  return module[name]
}

/** The package's listings with their logos, in its order (most used first), and its version. */
export async function readThirdwebPackage(
  packageDir: string,
): Promise<{ version: string; listings: SourceListing[] }> {
  const generated = join(packageDir, GENERATED)
  const walletsDir = join(generated, 'wallet')
  if (!existsSync(walletsDir)) throw new Error(`${packageDir}: no ${GENERATED}/wallet folder`)
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version?: string
  }
  const folders = readdirSync(walletsDir).filter((id) => !NOT_REGISTRY_WALLETS.has(id))
  const ranked = (await importDefault(join(generated, 'wallet-infos.js'), 'default').catch(
    () => [],
  )) as { id?: string }[]
  const rank = new Map(ranked.map((info, index) => [info.id, index]))
  folders.sort(
    (a, b) => (rank.get(a) ?? rank.size) - (rank.get(b) ?? rank.size) || (a < b ? -1 : 1),
  )
  const listings = await Promise.all(
    folders.map(async (id): Promise<SourceListing> => {
      const listing = (await importDefault(join(walletsDir, id, 'index.js'), 'wallet').catch(
        () => ({ id }),
      )) as RegistryListing
      const imagePath = join(walletsDir, id, 'image.js')
      const image = existsSync(imagePath) ? await importDefault(imagePath, 'default') : undefined
      return typeof image === 'string' ? { listing, imageDataUri: image } : { listing }
    }),
  )
  return { version: manifest.version ?? 'unknown', listings }
}
