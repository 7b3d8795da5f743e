#!/usr/bin/env node
// `npm test`: installs what is missing (npm packages, Debian's Chromium), then lint, types,
// unit and server tests (embedded defaults: PGlite, in-process cache), the server suite again
// against PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set, e2e in Chromium, then the
// packed packages in the example apps.
// Ends with one line "N passed, N failed".
import { spawn } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs'
import { setPriority } from 'node:os'
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
// Named again in the last lines: a CI log is often read from its tail only.
const failedTests = []

function ended(name, started, status, signal, endedAt = Date.now()) {
  const seconds = ((endedAt - started) / 1000).toFixed(1)
  const ok = status === 0
  console.log(`── ${name}: ${ok ? 'ok' : `FAILED (${status ?? signal})`} in ${seconds} s`)
  if (!ok) failedSteps.push(name)
  return ok
}

/**
 * Runs a child to its end without blocking this process (no spawnSync): a step running alongside
 * is then seen ending when it does, and its time is its own.
 */
function run(command, args, options, priority) {
  const child = spawn(command, args, { cwd: root, ...options })
  // Set before the child starts its own children (Vitest's workers, servers), which inherit it.
  if (priority !== undefined && child.pid) setPriority(child.pid, priority)
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ status: null, signal: error.message, at: Date.now() }))
    child.on('close', (status, signal) => resolve({ status, signal, at: Date.now() }))
  })
}

async function step(name, command, args, env = embeddedEnv) {
  console.log(`\n── ${name} ──`)
  const started = Date.now()
  const { status, signal } = await run(command, args, { stdio: 'inherit', env })
  return ended(name, started, status, signal)
}

/**
 * Starts a step that runs while the next ones do, its output going to a file (two steps writing
 * to one terminal would interleave). The returned function waits for it and prints that output.
 */
function stepAlongside(name, command, args, env, logFile) {
  console.log(`\n── ${name}: started, runs alongside the next steps (output shown after) ──`)
  const started = Date.now()
  const log = openSync(logFile, 'w')
  // The lowest CPU priority: it takes what the steps in front leave idle. e2e is not idle-bound
  // (measured: its first 13 tests 36 s alone, 55 s beside it at this priority, 94 s at the
  // normal one on a loaded machine); the whole server suite still passed in 393 s beside e2e.
  const exited = run(command, args, { stdio: ['ignore', log, log], env }, 19)
  return async () => {
    const { status, signal, at } = await exited
    closeSync(log)
    console.log(`\n── ${name} (ran alongside) ──`)
    process.stdout.write(readFileSync(logFile))
    return ended(name, started, status, signal, at)
  }
}

function countVitest(file, label) {
  if (!existsSync(file)) return
  const report = JSON.parse(readFileSync(file, 'utf8'))
  counts.passed += report.numPassedTests ?? 0
  counts.failed += report.numFailedTests ?? 0
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  for (const testFile of report.testResults ?? []) {
    const path = testFile.name.replace(`${root}/`, '')
    const failed = (testFile.assertionResults ?? []).filter((test) => test.status === 'failed')
    for (const test of failed) {
      failedTests.push(`${label}: ${path} > ${test.fullName}: ${firstLine(test.failureMessages)}`)
    }
    // A file that failed to load or to clean up fails with no failed test in it.
    if (!failed.length && testFile.status === 'failed') {
      failedTests.push(`${label}: ${path}: ${firstLine([testFile.message])}`)
    }
  }
}

function firstLine(messages) {
  const text = (messages ?? []).find((message) => message) ?? ''
  return text.split('\n')[0].slice(0, 300)
}

function countPlaywright(file, label) {
  if (!existsSync(file)) return
  const { stats } = JSON.parse(readFileSync(file, 'utf8'))
  counts.passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  counts.failed += stats.unexpected ?? 0
  counts.skipped += stats.skipped ?? 0
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue
      const result = spec.tests?.flatMap((test) => test.results ?? []).at(-1)
      failedTests.push(
        `${label}: ${spec.file} > ${spec.title}: ${firstLine([result?.error?.message])}`,
      )
    }
    for (const child of suite.suites ?? []) visit(child)
  }
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) visit(suite)
}

await step('lint (biome)', bin('biome'), ['ci', '.'])
await step('types (tsc)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])

const unitReport = join(reports, 'vitest.json')
await step('unit and server tests (embedded: PGlite, in-process cache)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${unitReport}`,
])
countVitest(unitReport, 'unit/server')

// The server suite against PostgreSQL and Redis runs while e2e and the examples do, in the CPU
// time they leave (their one Playwright worker also waits on the chains and the UI's timings);
// it shares no files or ports with them (its own databases and Redis prefixes, free ports).
// Measured on 2 cores: e2e 481 s with the whole server suite done beside it (393 s) at once.
let serverExternal = async () => {}
if (externalServices.DATABASE_URL || externalServices.REDIS_URL) {
  const serverReport = join(reports, 'vitest-server-external.json')
  const names = Object.entries(externalServices)
    .filter(([, value]) => value)
    .map(([key]) => key)
    .join(' and ')
  const finished = stepAlongside(
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
    join(reports, 'vitest-server-external.log'),
  )
  serverExternal = async () => {
    await finished()
    countVitest(serverReport, 'server on PostgreSQL + Redis')
  }
}

const e2eReport = join(reports, 'playwright.json')
await step(
  'e2e (Playwright, Chromium)',
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts'],
  {
    ...embeddedEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    PORTICO_E2E_REPORT: e2eReport,
  },
)
countPlaywright(e2eReport, 'e2e')

// The packed packages installed in examples/vite and examples/next outside the workspace, built
// and driven in Chromium (scripts/examples-check.ts).
const examplesReport = join(reports, 'playwright-examples.json')
await step(
  'examples (packed packages in a Vite and a Next.js app, Chromium)',
  bin('playwright'),
  ['test', '-c', 'examples/playwright.config.ts'],
  { ...embeddedEnv, PORTICO_EXAMPLES_REPORT: examplesReport },
)
countPlaywright(examplesReport, 'examples')

await serverExternal()

console.log('')
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`)
for (const test of failedTests) console.log(`Failed: ${test}`)
const skipped = counts.skipped ? `, ${counts.skipped} skipped` : ''
console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`)
process.exit(failedSteps.length || counts.failed ? 1 : 0)
