// A frame build's shape (packages/frame's `vite build`) in a temporary folder: the page with the
// API URL placeholder and one script, for tests of the frame listener without building the frame.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface FrameBuild {
  dir: string
  remove(): void
}

export function writeFrameBuild(): FrameBuild {
  const dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta name="portico-api-url" content="%PORTICO_API_URL%"><script type="module" src="/assets/index-abc.js"></script>',
  )
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("frame")')
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
