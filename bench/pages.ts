// Builds and serves the bench's reference pages with apps/web's Vite config.
import { join } from 'node:path'
import { freePort } from '@portico/devnet'
import { build, preview } from 'vite'
import { repoRoot } from '../scripts/stack'

export type BenchPage = 'baseline' | 'connect-button' | 'floor'

export async function servePage(page: BenchPage): Promise<{ url: string; close(): Promise<void> }> {
  const root = join(repoRoot, 'bench', 'pages', page)
  const outDir = join(repoRoot, 'node_modules', '.cache', 'portico-bench', page)
  const configFile = join(repoRoot, 'apps', 'web', 'vite.config.ts')
  await build({ root, configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } })
  const port = await freePort()
  const server = await preview({
    root,
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { port },
  })
  return { url: `http://localhost:${port}`, close: () => server.close() }
}
