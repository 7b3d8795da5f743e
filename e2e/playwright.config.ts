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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
