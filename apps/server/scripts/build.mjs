// `npm run build -w apps/server`: the server as JavaScript in dist/, run with plain `node`.
// esbuild rather than tsc's emit: our sources import without file extensions (moduleResolution
// Bundler) and @portico/protocol exports TypeScript, neither of which Node loads; a bundle of
// our own code (workspace packages inlined, every npm dependency left as an import) sidesteps
// both, and esbuild builds it in well under a second (tsx already brings it).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))
const outdir = `${root}dist`
// Built beside dist/ and moved in file by file: a server already running from dist/ (a test
// suite's, a bench's) that starts its PGlite thread meanwhile finds every file whole, old or new.
const building = `${outdir}.building-${process.pid}`
rmSync(building, { recursive: true, force: true })

/**
 * Inlines our workspace packages from their TypeScript sources (so the server's build does not
 * depend on theirs: `@portico/protocol/x` is `packages/protocol/src/x.ts` while it exists);
 * leaves every npm package to Node.
 */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      const protocol = /^@portico\/protocol\/([\w-]+)$/.exec(args.path)
      if (protocol) {
        const source = fileURLToPath(
          new URL(`../../../packages/protocol/src/${protocol[1]}.ts`, import.meta.url),
        )
        return existsSync(source) ? { path: source } : undefined
      }
      if (args.path.startsWith('@portico/')) return undefined
      return { path: args.path, external: true }
    })
  },
}

const started = performance.now()
try {
  await build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'src/main.ts', out: 'main' },
      // Started as a worker thread (db/pglite-thread.ts finds it beside main.js).
      { in: 'src/db/pglite-worker.ts', out: 'pglite-worker' },
    ],
    outdir: building,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  })
  mkdirSync(outdir, { recursive: true })
  const built = new Set(readdirSync(building))
  for (const name of built) renameSync(join(building, name), join(outdir, name))
  for (const name of readdirSync(outdir)) {
    if (!built.has(name)) rmSync(join(outdir, name), { recursive: true, force: true })
  }
} finally {
  rmSync(building, { recursive: true, force: true })
}
process.stdout.write(`built apps/server/dist in ${Math.round(performance.now() - started)} ms\n`)
