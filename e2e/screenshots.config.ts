// `npm run screenshots`: every modal view at desktop (1280x800) and phone (390x844) size, dark
// and light, as PNG files in bench/results/screenshots/ (git ignores it). It starts the same
// stack as the e2e specs; it checks nothing, it is for looking at.
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './fixtures/chromium'

export default defineConfig({
  testDir: './screenshots',
  testMatch: '*.shots.ts',
  outputDir: '../bench/results/screenshots/.playwright',
  globalSetup: './global-setup.ts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: { launchOptions: chromiumLaunchOptions() },
})
