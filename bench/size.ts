// `npm run bench:size`: builds the connect-button page and prints the gzipped size of what it
// loads before any click and of every lazy chunk. A quick check while working; `npm run bench`
// measures the same in Chromium.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { repoRoot } from '../scripts/stack'

const root = join(repoRoot, 'bench', 'pages', 'connect-button')
const outDir = join(repoRoot, 'node_modules', '.cache', 'portico-bench', 'size')
await build({
  root,
  configFile: join(repoRoot, 'apps', 'web', 'vite.config.ts'),
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, manifest: true },
})

const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const html = readFileSync(join(outDir, 'index.html'), 'utf8')
const initial = new Set(
  [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
)
const assets = join(outDir, 'assets')
let initialBytes = 0
const rows: string[] = []
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const gzipped = gzipSync(readFileSync(join(assets, file)), { level: 9 }).length
  if (initial.has(file)) initialBytes += gzipped
  rows.push(`  ${initial.has(file) ? 'initial' : 'lazy   '} ${kb(gzipped).padStart(6)} KB  ${file}`)
}
console.log(rows.sort().join('\n'))
console.log(`Connect-button page, JS before any click: ${kb(initialBytes)} KB gzipped (budget 100)`)

// The swap's chunk: what opening Swap from Account fetches, i.e. the swap views' chunk and every
// chunk it imports that neither the page nor the Account view has loaded already.
interface ManifestChunk {
  file: string
  src?: string
  imports?: string[]
}
const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>
function closure(keys: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) walk(next)
  }
  for (const key of keys) walk(key)
  return seen
}
const keyOf = (suffix: string) => Object.keys(manifest).find((key) => key.endsWith(suffix))
const swapKey = keyOf('views/Swap/SwapViews.tsx')
const accountKey = keyOf('views/Account/Account.tsx')
if (swapKey && accountKey) {
  const loaded = closure([
    accountKey,
    ...Object.keys(manifest).filter((key) => initial.has(manifest[key]?.file.split('/').at(-1))),
  ])
  const swapFiles = [...closure([swapKey])].filter((key) => !loaded.has(key))
  const swapBytes = swapFiles.reduce(
    (sum, key) =>
      sum + gzipSync(readFileSync(join(outDir, manifest[key]?.file ?? '')), { level: 9 }).length,
    0,
  )
  console.log(
    `Swap chunk (what opening Swap from Account fetches, ${swapFiles.length} files): ${kb(swapBytes)} KB gzipped (budget 15)`,
  )
}
