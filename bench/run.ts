// `npm run bench`: prints figures; it measures, it does not pass or fail.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensurePgliteTemplate } from '../apps/server/src/test/pglite-template'
import { startStack } from '../scripts/stack'
import { measureWeb } from './webBench'

const dataDir = mkdtempSync(join(tmpdir(), 'portico-bench-'))
cpSync((await ensurePgliteTemplate()).path, dataDir, { recursive: true })

const stack = await startStack({ web: 'preview', dataDir, logLevel: 'error' })
try {
  const web = await measureWeb(stack, 10)
  console.log('\nWeb (production build of apps/web, Chromium, cold loads)')
  console.log(`  JS before any click:        ${web.jsBeforeClickGzipKb} KB gzipped (budget 100 KB)`)
  console.log(`  JS fetched on opening:      ${web.jsOnOpenGzipKb} KB gzipped`)
  console.log(`                              ${web.requestsOnOpen.join(' ')}`)
  console.log(
    `  Requests before any click:  ${web.requestsBeforeClick.sameOrigin} same-origin, ${web.requestsBeforeClick.external} external (budget: 0 external)`,
  )
  console.log(`                              ${web.requestsBeforeClick.urls.join(' ')}`)
  console.log(
    `  Click -> first wallet row:  median ${web.clickToFirstWalletRowMs.median.toFixed(1)} ms of ${web.clickToFirstWalletRowMs.runs.length} cold loads (budget 50 ms); runs ${web.clickToFirstWalletRowMs.runs.join(', ')}`,
  )
  console.log(`  JS heap, modal open:        ${web.jsHeapModalOpenMb} MB`)
} finally {
  await stack.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
