// `npx tsx bench/initial-sources.ts [chunk-name-prefix]`: which source files the page's
// initial chunk (or the lazy chunk whose name starts with the argument) is made of. It builds the
// bench page as bench/size.ts does, with source maps, and gives every byte of the minified chunk
// to the source its mapping names. The gzipped column gzips each source's bytes alone, so it is
// an upper bound of what that source costs (gzip shares repeats across sources); enough to see
// where the weight is.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { repoRoot } from '../scripts/stack'
import { decodeVlq } from './source-map-vlq'

const root = join(repoRoot, 'bench', 'pages', 'connect-button')
const outDir = join(repoRoot, 'node_modules', '.cache', 'portico-bench', 'sources')
await build({
  root,
  configFile: join(repoRoot, 'apps', 'web', 'vite.config.ts'),
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, sourcemap: true },
})

interface SourceMap {
  sources: string[]
  mappings: string
}

// Generated text per source index (-1: bytes no mapping names).
function bytesBySource(code: string, map: SourceMap): Map<number, string> {
  const lines = code.split('\n')
  const parts = new Map<number, string[]>()
  const add = (source: number, text: string) => {
    const list = parts.get(source) ?? []
    list.push(text)
    parts.set(source, list)
  }
  let source = 0
  map.mappings.split(';').forEach((lineMappings, lineIndex) => {
    const line = lines[lineIndex] ?? ''
    let column = 0
    let start = 0
    let current = -1
    for (const segment of lineMappings.split(',')) {
      if (!segment) continue
      const fields = decodeVlq(segment)
      column += fields[0] ?? 0
      add(current, line.slice(start, column))
      start = column
      if (fields.length >= 4) {
        source += fields[1] ?? 0
        current = source
      } else current = -1
    }
    add(current, `${line.slice(start)}\n`)
  })
  return new Map([...parts].map(([key, list]) => [key, list.join('')]))
}

const assets = join(outDir, 'assets')
const prefix = process.argv[2]
const html = readFileSync(join(outDir, 'index.html'), 'utf8')
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
const files = prefix
  ? readdirSync(assets).filter((name) => name.startsWith(prefix) && name.endsWith('.js'))
  : initial
const kb = (bytes: number) => (bytes / 1024).toFixed(2)
for (const file of files) {
  if (!file) continue
  const code = readFileSync(join(assets, file), 'utf8')
  const map = JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8')) as SourceMap
  const rows = [...bytesBySource(code, map)].map(([index, text]) => ({
    name: index < 0 ? '(unmapped)' : (map.sources[index] ?? '?').replace(/^(\.\.\/)+/, ''),
    raw: Buffer.byteLength(text),
    gzipped: gzipSync(text, { level: 9 }).length,
  }))
  rows.sort((a, b) => b.raw - a.raw)
  console.log(
    `${file}: ${kb(Buffer.byteLength(code))} KB, ${kb(gzipSync(code, { level: 9 }).length)} KB gzipped`,
  )
  for (const row of rows)
    console.log(
      `  ${kb(row.raw).padStart(7)} KB  ${kb(row.gzipped).padStart(6)} KB gz  ${row.name}`,
    )
}
