// The library build of @portico/protocol, /core and /react (`npm run build -w packages/<name>`,
// run from the package's folder): Vite's library mode, whose Rolldown the repo already uses for
// every page, so a host's bundler sees the same module graph our pages are measured with.
// One output file per source module (preserveModules): a host's bundler then tree-shakes the
// entry barrel module by module (`sideEffects: false`) and every `import()` (the modal, each
// view, WalletConnect, the frame client, sign-in) stays a dynamic import of its own file, lazy
// in the host's build as in ours. Every bare import stays external: dependencies and peers are
// the host's to resolve and dedupe. Declarations come from tsc (tsconfig.build.json), run once
// the JavaScript is written.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { defineConfig, type Plugin } from 'vite'

interface Manifest {
  exports: Record<string, Record<string, string>>
  peerDependencies?: Record<string, string>
}

const packageDir = process.cwd()
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as Manifest

/** The source of each file the exports map names (`./dist/x.js` is `./src/x.ts`), `*` as a glob. */
function entrySources(): string[] {
  return Object.values(manifest.exports).flatMap((targets) => {
    const built = targets.default
    if (!built) return []
    const source = built.replace(/^\.\/dist\//, './src/').replace(/\.js$/, '.ts')
    if (!source.includes('*')) return [join(packageDir, source)]
    const [prefix = '', suffix = ''] = source.split('*')
    return readdirSync(join(packageDir, prefix))
      .filter((file) => file.endsWith(suffix) && !file.endsWith(`.test${suffix}`))
      .map((file) => join(packageDir, prefix, file))
  })
}

/**
 * tsc's declarations, their relative imports given the file they name (`./x.js`,
 * `./x/index.js`): our sources import without extensions (moduleResolution Bundler), which a
 * host compiling with moduleResolution node16 or nodenext would not resolve.
 */
function declarations(): Plugin {
  return {
    name: 'portico-declarations',
    apply: 'build',
    closeBundle() {
      const tsc = join(packageDir, '..', '..', 'node_modules', '.bin', 'tsc')
      const result = spawnSync(tsc, ['-p', 'tsconfig.build.json'], {
        cwd: packageDir,
        stdio: 'inherit',
      })
      if (result.status !== 0) throw new Error(`tsc -p tsconfig.build.json exited ${result.status}`)
      const dist = join(packageDir, 'dist')
      const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
      for (const file of files.filter((name) => name.endsWith('.d.ts'))) {
        const path = join(dist, file)
        const text = readFileSync(path, 'utf8').replace(
          /(from |import\()(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g,
          (match, before: string, quote: string, specifier: string) => {
            const target = join(dirname(path), specifier)
            if (existsSync(`${target}.d.ts`)) return `${before}${quote}${specifier}.js${quote}`
            if (existsSync(join(target, 'index.d.ts')))
              return `${before}${quote}${specifier}/index.js${quote}`
            return match
          },
        )
        writeFileSync(path, text)
      }
    },
  }
}

// A React package's entry is a client module for Next.js (its components hold state and
// effects); everything it imports is client code from there on.
const clientEntry = Boolean(manifest.peerDependencies?.react)

export default defineConfig({
  plugins: [declarations()],
  logLevel: 'warn',
  build: {
    outDir: join(packageDir, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: { entry: entrySources(), formats: ['es'] },
    rolldownOptions: {
      external: (id) => !id.startsWith('\0') && /^[^./]/.test(id) && !id.startsWith(packageDir),
      output: {
        preserveModules: true,
        preserveModulesRoot: join(packageDir, 'src'),
        entryFileNames: '[name].js',
        banner: (chunk) => (clientEntry && chunk.fileName === 'index.js' ? "'use client'" : ''),
      },
    },
  },
})
