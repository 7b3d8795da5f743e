// Builds packages/frame (the embedded wallet frame) for our server to serve from its own
// listener. Always a production build, for npm start too: the frame runs under a CSP without
// inline scripts, which Vite's dev server would need.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'vite'

const frameRoot = join(import.meta.dirname, '..', 'packages', 'frame')

export async function buildFrame(outDir: string, logLevel: 'info' | 'warn'): Promise<void> {
  mkdirSync(outDir, { recursive: true })
  // The config imports @portico/protocol's TypeScript sources: loaded through Vite's runner.
  await build({
    root: frameRoot,
    configLoader: 'runner',
    logLevel,
    build: { outDir, emptyOutDir: true },
  })
}
