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
  build: { outDir, emptyOutDir: true },
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
