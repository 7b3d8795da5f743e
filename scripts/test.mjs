#!/usr/bin/env node
// `npm test`: installs what is missing (npm packages, Debian's Chromium), then lint, types,
// unit and server tests (embedded defaults: PGlite, in-process cache), the server suite again
// against PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set, and e2e in Chromium.
// Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { ensureChromium, ensureNodeModules } from './ensure-installed.mjs'

const root = join(import.meta.dirname, '..')
const bin = (name) => join(root, 'node_modules', '.bin', name)
const reports = join(root, 'node_modules', '.cache', 'portico-test-reports')

ensureNodeModules()
ensureChromium()
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const externalServices = {
  DATABASE_URL: process.env.DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL,
}
const embeddedEnv = { ...process.env }
delete embeddedEnv.DATABASE_URL
delete embeddedEnv.REDIS_URL

const counts = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []

function step(name, command, args, env = embeddedEnv) {
  console.log(`\n── ${name} ──`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  console.log(
    `── ${name}: ${ok ? 'ok' : `FAILED (${result.status ?? result.signal})`} in ${seconds} s`,
  )
  if (!ok) failedSteps.push(name)
  return ok
}

function countVitest(file) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8'))
  counts.passed += report.numPassedTests ?? 0
  counts.failed += report.numFailedTests ?? 0
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
}

function countPlaywright(file) {
  if (!existsSync(file)) return
  const { stats } = JSON.parse(readFileSync(file, 'utf8'))
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  counts.failed += stats.unexpected ?? 0
  counts.skipped += stats.skipped ?? 0
}

step('lint (biome)', bin('biome'), ['ci', '.'])
step('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])

const unitReport = join(reports, 'vitest.json')
step('unit and server tests (embedded: PGlite, in-process cache)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
])
countVitest(unitReport)

if (externalServices.DATABASE_URL || externalServices.REDIS_URL) {
  const serverReport = join(reports, 'vitest-server-external.json')
  const names = Object.entries(externalServices)
    .filter(([, value]) => value)
    .map(([key]) => key)
    .join(' and ')
  step(
    `server tests against ${names}`,
    bin('vitest'),
    [
      'run',
      '--project',
      'server',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${serverReport}`,
    ],
    {
      ...embeddedEnv,
      ...Object.fromEntries(Object.entries(externalServices).filter(([, v]) => v)),
    },
  )
  countVitest(serverReport)
}

const e2eReport = join(reports, 'playwright.json')
step('e2e (Playwright, Chromium)', bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
  ...embeddedEnv,
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  PORTICO_E2E_REPORT: e2eReport,
})
countPlaywright(e2eReport)

console.log('')
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`)
const skipped = counts.skipped ? `, ${counts.skipped} skipped` : ''
console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`)
process.exit(failedSteps.length || counts.failed ? 1 : 0)
