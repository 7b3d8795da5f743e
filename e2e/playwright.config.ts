import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './fixtures/chromium'

const jsonReport = process.env.PORTICO_E2E_REPORT

// One worker: the stack (anvil, server, built web app) is shared and the machine has 2 cores.
export default defineConfig({
  testDir: './specs',
  outputDir: './results',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : 'list',
  use: {
    launchOptions: chromiumLaunchOptions(),
    // Kept for a failing test, so recorded for every test: without the screencast (a frame
    // image of every paint, a fifth of a spec's time on this machine), the DOM snapshot of
    // each step still shows what the page was.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
})
