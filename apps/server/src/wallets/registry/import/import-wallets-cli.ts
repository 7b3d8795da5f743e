// `npx tsx apps/server/src/wallets/registry/import/import-wallets-cli.ts <source> [out folder]`:
// writes the imported catalogue (wallets.json, images.json) the server serves with
// PORTICO_WALLET_REGISTRY=imported, and prints what it left out and why. <source> is the
// `thirdweb` npm package (its folder, or its tarball: `npm pack thirdweb`), a registry JSON
// file in the WalletConnect listing format, or an https URL answering one.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { IMPORTED_CATALOGUE_DIR, writeImportedCatalogue } from './imported-catalogue'
import { type ImportResult, importListings, listingsOfJson } from './registry-import'
import { readThirdwebPackage } from './thirdweb-package'

async function importFrom(source: string): Promise<ImportResult> {
  if (/^https:\/\//.test(source)) {
    const response = await fetch(source)
    if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`)
    return importListings(source, listingsOfJson(await response.json()))
  }
  if (source.endsWith('.json')) {
    return importListings(
      basename(source),
      listingsOfJson(JSON.parse(readFileSync(source, 'utf8'))),
    )
  }
  let packageDir = source
  let unpacked: string | undefined
  if (source.endsWith('.tgz')) {
    unpacked = mkdtempSync(join(tmpdir(), 'portico-wallet-import-'))
    execFileSync('tar', ['xzf', source, '-C', unpacked, '--strip-components=1'])
    packageDir = unpacked
  }
  try {
    const { version, listings } = await readThirdwebPackage(packageDir)
    return importListings(
      `thirdweb@${version} (Apache-2.0), its copy of the WalletConnect registry`,
      listings,
    )
  } finally {
    if (unpacked) rmSync(unpacked, { recursive: true, force: true })
  }
}

const [source, out = IMPORTED_CATALOGUE_DIR] = process.argv.slice(2)
if (!source) {
  console.error(
    'usage: import-wallets-cli.ts <thirdweb package folder | .tgz | registry .json | https URL> [out folder]',
  )
  process.exit(2)
}
const { catalogue, skipped } = await importFrom(source)
mkdirSync(out, { recursive: true })
writeImportedCatalogue(out, catalogue)
for (const line of skipped) console.log(`left out: ${line}`)
console.log(
  `${catalogue.wallets.length} wallets imported (${Object.keys(catalogue.images).length} with a logo), ${skipped.length} left out, from ${catalogue.source}, into ${out}`,
)
