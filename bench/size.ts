// `npm run bench:size`: builds the connect-button page and prints the gzipped size of what it
// loads before any click and of every lazy chunk. A quick check while working; `npm run bench`
// measures the same in Chromium.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { buildFrame } from '../scripts/frame-app'
import { repoRoot } from '../scripts/stack'
import { decodeVlq } from './source-map-vlq'

const root = join(repoRoot, 'bench', 'pages', 'connect-button')
const outDir = join(repoRoot, 'node_modules', '.cache', 'portico-bench', 'size')
await build({
  root,
  configFile: join(repoRoot, 'apps', 'web', 'vite.config.ts'),
  logLevel: 'error',
  // Hidden source maps: the same JS (no map comment), and the map says which source is where.
  build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden' },
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

// What each feature costs when first used: the chunks its entry modules need that were not
// loaded before (the page, and the modal or the Account view it is opened from).
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
/** The manifest key of a module's chunk: its own entry, or the group chunk (modal, ...) holding it. */
function keyOf(source: string): string | undefined {
  const own = Object.keys(manifest).find((key) => key.endsWith(source))
  if (own) return own
  const file = chunkOfSource.get(source)
  return Object.keys(manifest).find((key) => manifest[key]?.file === `assets/${file}`)
}
const gzippedFile = (file: string) =>
  gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length
const pageKeys = Object.keys(manifest).filter((key) =>
  initial.has(manifest[key]?.file.split('/').at(-1)),
)

// Which chunk holds which source (from the hidden source maps), and each source's share of it.
interface SourceMap {
  sources: string[]
  mappings: string
}
const chunkOfSource = new Map<string, string>()
const sourceBytes = new Map<string, Map<string, number>>()
for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
  const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as SourceMap
  const code = readFileSync(join(assets, file), 'utf8').split('\n')
  const bytes = new Map<string, number>()
  let source = 0
  map.mappings.split(';').forEach((line, lineIndex) => {
    let column = 0
    let start = 0
    let current: string | undefined
    const give = (end: number) => {
      if (current) bytes.set(current, (bytes.get(current) ?? 0) + end - start)
    }
    for (const segment of line.split(',')) {
      if (!segment) continue
      const fields = decodeVlq(segment)
      column += fields[0] ?? 0
      give(column)
      start = column
      if (fields.length >= 4) {
        source += fields[1] ?? 0
        current = map.sources[source]?.replace(/^(\.\.\/)+/, '')
      } else current = undefined
    }
    give(code[lineIndex]?.length ?? 0)
  })
  for (const name of bytes.keys()) chunkOfSource.set(name, file)
  sourceBytes.set(file, bytes)
}

/** Gzipped bytes of the chunks `sources` need beyond those `before` needs. */
function featureCost(sources: readonly string[], before: readonly string[]) {
  const loaded = closure([...pageKeys, ...before.flatMap((source) => keyOf(source) ?? [])])
  const keys = sources.flatMap((source) => keyOf(source) ?? [])
  if (keys.length < sources.length) return undefined
  const files = [...closure(keys)].filter((key) => !loaded.has(key))
  const bytes = files.reduce((sum, key) => sum + gzippedFile(manifest[key]?.file ?? ''), 0)
  return { files: files.length, bytes }
}

/** About how much of a chunk's gzipped size the sources under `prefix` make (by minified bytes). */
function shareOf(chunkSource: string, prefix: string): number | undefined {
  const file = chunkOfSource.get(chunkSource)
  const bytes = file ? sourceBytes.get(file) : undefined
  if (!file || !bytes) return undefined
  const total = [...bytes.values()].reduce((sum, value) => sum + value, 0)
  const part = [...bytes].reduce(
    (sum, [name, value]) => sum + (name.startsWith(prefix) ? value : 0),
    0,
  )
  return (gzippedFile(`assets/${file}`) * part) / total
}

const react = 'packages/react/src/'
const core = 'packages/core/src/'
const features: { name: string; sources: string[]; before: string[]; budget?: number }[] = [
  {
    name: 'Modal shell and Connect view (opening the modal)',
    sources: [`${react}modal/modal.tsx`, `${react}views/connect/connect.tsx`],
    before: [],
  },
  {
    name: 'Account view (opening the modal while connected)',
    sources: [`${react}views/account/account.tsx`],
    before: [`${react}modal/modal.tsx`],
  },
  {
    name: 'WalletConnect (picking it in Connect)',
    sources: [
      `${core}connectors/wallet-connect/universal-provider-init.ts`,
      `${react}views/connecting-wallet-connect/connecting-wallet-connect.tsx`,
    ],
    before: [`${react}modal/modal.tsx`],
  },
  {
    name: 'Embedded wallet frame client (e-mail login)',
    sources: [
      `${core}connectors/embedded-wallet/embedded-wallet-setup.ts`,
      `${react}views/email-login/email-login.tsx`,
    ],
    before: [`${react}modal/modal.tsx`],
  },
  {
    name: 'Swap (opening Swap from Account)',
    sources: [`${react}views/swap-views/swap-views.tsx`],
    before: [`${react}views/account/account.tsx`],
    budget: 15,
  },
  {
    name: 'Onramp views (opening Buy from Account)',
    sources: [
      `${react}views/on-ramp-providers/on-ramp-providers.tsx`,
      `${react}views/buy-in-progress/buy-in-progress.tsx`,
    ],
    before: [`${react}views/account/account.tsx`],
  },
  {
    name: 'viem HTTP transport (first JSON-RPC request)',
    sources: [`${core}adapters/evm/http-transport.ts`],
    before: [],
  },
]
console.log('Lazy chunks per feature (gzipped, beyond what is loaded before it):')
for (const feature of features) {
  const cost = featureCost(feature.sources, feature.before)
  const figure = cost
    ? `${kb(cost.bytes).padStart(6)} KB (${cost.files} files)`
    : '   (not found in this build)'
  console.log(`  ${figure}  ${feature.name}${feature.budget ? ` (budget ${feature.budget})` : ''}`)
}
const shell = shareOf(`${react}modal/modal.tsx`, `${react}modal/`)
const connectView = shareOf(`${react}modal/modal.tsx`, `${react}views/connect/`)
if (shell !== undefined && connectView !== undefined)
  console.log(
    `  of the modal chunk, about: ${kb(shell)} KB the dialog (modal/), ${kb(connectView)} KB the Connect view (views/connect/), the rest core's stores and API clients, ui/, theme/`,
  )

// The embedded wallet frame: its own page on its own origin, loaded by the modal only for the
// e-mail login (or to resume one), so none of it is in the figures above.
const frameOutDir = join(repoRoot, 'node_modules', '.cache', 'portico-bench', 'frame')
await buildFrame(frameOutDir, 'warn')
const frameHtml = readFileSync(join(frameOutDir, 'index.html'), 'utf8')
const frameInitial = new Set(
  [...frameHtml.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]),
)
let frameInitialBytes = 0
let frameAllBytes = 0
for (const file of readdirSync(join(frameOutDir, 'assets')).filter((name) =>
  name.endsWith('.js'),
)) {
  const gzipped = gzipSync(readFileSync(join(frameOutDir, 'assets', file)), { level: 9 }).length
  frameAllBytes += gzipped
  if (frameInitial.has(file)) frameInitialBytes += gzipped
}
console.log(
  `Embedded wallet frame (packages/frame), JS its page loads: ${kb(frameInitialBytes)} KB gzipped (${kb(frameAllBytes)} KB with its lazy chunks)`,
)
