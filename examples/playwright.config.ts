import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'

const jsonReport = process.env.PORTICO_EXAMPLES_REPORT

// The packed packages in two host apps (scripts/examples-check.ts), against anvil and our
// server. One worker: the machine has 2 cores and the builds already used them.
export default defineConfig({
  testDir: './specs',
  outputDir: '../node_modules/.cache/portico-examples-results',
  globalSetup: './global-setup.ts',
  // Building the packages and both apps (the first run also installs them) takes minutes.
  globalTimeout: 15 * 60_000,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : 'list',
  use: {
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
