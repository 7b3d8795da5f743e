#!/usr/bin/env node
// `npm test`: installs what is missing (npm packages, Debian's Chromium), then lint, then e2e in
// Chromium, then the packed packages in the example apps; alongside those two, the type check,
// the unit tests, the server tests (embedded defaults: PGlite, in-process cache), and the server
// suite again against PostgreSQL and Redis when DATABASE_URL / REDIS_URL are set.
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

const terminalColours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g')

function firstLine(messages) {
  const text = (messages ?? []).find((message) => message) ?? ''
  // Without the terminal's colours, which the reporters keep in their messages.
  return text.replace(terminalColours, '').split('\n')[0].slice(0, 300)
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

/**
 * The CPU priority (nice) of the steps alongside e2e: they yield to it, but not entirely. At the
 * lowest (19) a Vitest run got about 1.5 % of a core whenever e2e kept both busy, and a server
 * file's one-minute set-up ran out (onramp-failed-order.test.ts, in a CI run); at 10 its share
 * is about a tenth of e2e's, and it moves.
 */
const ALONGSIDE_NICE = 10

/**
 * Runs a step to a log file at a low CPU priority, alongside what runs in front; its output is
 * shown after those, and it counts as any step.
 */
async function runAlongside(name, command, args, env, logFile) {
  const started = Date.now()
  const log = openSync(logFile, 'w')
  const { status, signal, at } = await run(
    command,
    args,
    { stdio: ['ignore', log, log], env },
    ALONGSIDE_NICE,
  )
  closeSync(log)
  return { name, logFile, started, status, signal, at }
}

// The type check needs a core for half a minute and has no time limits of its own: it goes
// alongside e2e from the start (through e2e's build), not in front of it.
const typesDone = runAlongside(
  'types (tsc)',
  bin('tsc'),
  ['-p', 'tsconfig.json', '--noEmit'],
  embeddedEnv,
  join(reports, 'types.log'),
)

// e2e and the examples run in front; the Vitest runs go alongside them at a low CPU priority,
// mostly in the time they leave idle. e2e's one Playwright worker mostly waits on the UI's timings and
// the chains: measured on 2 cores during e2e, it used 20-45 % of the CPU and the server suite
// beside it took the rest. They share no files or ports (own databases, Redis prefixes, free
// ports). The Vitest runs wait until e2e's stack is up: its build takes both cores, and tests
// starved meanwhile would time out.
const e2eReady = join(reports, 'e2e-ready')
// The packages' unit tests first: their waits are short (1-5 s), so they run while e2e is at its
// lightest; the server's own waits are a minute.
const vitestRuns = [
  {
    name: 'unit tests',
    label: 'unit',
    // Every project but the server's: one added later runs here too.
    args: ['--project', '!server'],
    env: embeddedEnv,
    report: join(reports, 'vitest-unit.json'),
  },
  {
    name: 'server tests (embedded: PGlite, in-process cache)',
    label: 'server',
    args: ['--project', 'server'],
    env: embeddedEnv,
    report: join(reports, 'vitest-server.json'),
  },
]
const externalNames = Object.entries(externalServices)
  .filter(([, value]) => value)
  .map(([key]) => key)
if (externalNames.length) {
  vitestRuns.push({
    name: `server tests against ${externalNames.join(' and ')}`,
    label: 'server on PostgreSQL + Redis',
    args: ['--project', 'server'],
    env: {
      ...embeddedEnv,
      ...Object.fromEntries(externalNames.map((key) => [key, externalServices[key]])),
    },
    report: join(reports, 'vitest-server-external.json'),
  })
}

function runVitest(vitestRun) {
  return runAlongside(
    vitestRun.name,
    bin('vitest'),
    [
      'run',
      ...vitestRun.args,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${vitestRun.report}`,
    ],
    vitestRun.env,
    vitestRun.report.replace(/\.json$/, '.log'),
  ).then((result) => ({ ...result, vitestRun }))
}

/** Resolves once e2e and the examples have ended: the cores are the Vitest runs' alone. */
let frontEnded = () => {}
const frontDone = new Promise((resolve) => {
  frontEnded = resolve
})

async function vitestAlongside() {
  console.log(
    `\n── types (tsc), and once e2e's stack is up ${vitestRuns.map((run) => run.name).join(', then ')}: alongside e2e and the examples (output shown after) ──`,
  )
  while (!existsSync(e2eReady) && !e2eEnded) await new Promise((done) => setTimeout(done, 500))
  const [unit, embedded, external] = vitestRuns
  const results = [await runVitest(unit)]
  const embeddedDone = runVitest(embedded)
  if (external) {
    // Beside e2e one server suite at a time; once e2e and the examples are over, the second
    // need not wait for the first.
    await Promise.race([embeddedDone, frontDone])
    const externalDone = runVitest(external)
    results.push(await embeddedDone, await externalDone)
  } else {
    results.push(await embeddedDone)
  }
  return results
}

let e2eEnded = false
const vitestDone = vitestAlongside()

const e2eReport = join(reports, 'playwright.json')
await step(
  'e2e (Playwright, Chromium)',
  bin('playwright'),
  ['test', '-c', 'e2e/playwright.config.ts'],
  {
    ...embeddedEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
    PORTICO_E2E_REPORT: e2eReport,
    PORTICO_E2E_READY_FILE: e2eReady,
  },
)
e2eEnded = true
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
frontEnded()

for (const { name, vitestRun, logFile, started, status, signal, at } of [
  await typesDone,
  ...(await vitestDone),
]) {
  console.log(`\n── ${name} (ran alongside) ──`)
  process.stdout.write(readFileSync(logFile))
  ended(name, started, status, signal, at)
  if (vitestRun) countVitest(vitestRun.report, vitestRun.label)
}

console.log('')
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join(', ')}`)
for (const test of failedTests) console.log(`Failed: ${test}`)
const skipped = counts.skipped ? `, ${counts.skipped} skipped` : ''
console.log(`${counts.passed} passed, ${counts.failed} failed${skipped}`)
process.exit(failedSteps.length || counts.failed ? 1 : 0)
