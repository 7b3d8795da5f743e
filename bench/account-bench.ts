// Opening Account, connected: the time from the click on the account button to the Tokens
// tab's list painted, over cold loads (a new browser context each run, so the Account chunk
// is fetched every time), and the JS that opening fetches, the Account chunk on its own.
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { accountButton, TEST_WALLET_INFO } from '../e2e/fixtures/test-wallet'
import type { PageUnderTest } from './page-session'
import { openPage, timeClickUntil, timingFigure } from './page-session'
import { gzipBytesOf } from './page-traffic'

export interface AccountFigures {
  openToTokenListMs: { median: number; runs: number[] }
  /** The Account view's own chunk. */
  accountChunkGzipKb: number
  /** Every JS file opening Account fetched (its chunk and the shared ones it needs). */
  jsOnOpenGzipKb: number
  filesOnOpen: string[]
}

/** Click on the account button -> a token row painted in the Tokens tab. */
function timeOpenToTokenList(page: Page, address: string): Promise<number> {
  return timeClickUntil(
    page,
    `document.querySelector('dialog [role="tabpanel"] ul[aria-label="Tokens"] li') !== null`,
    () => accountButton(page, address).click(),
  )
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10

export async function measureAccountOpen(target: PageUnderTest, runs = 7): Promise<AccountFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const times: number[] = []
  let jsUrls: string[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const { page, wallet, traffic, close } = await openPage<'connect' | 'account'>(
        browser,
        target,
        'connect',
      )
      await page.goto(target.url, { waitUntil: 'networkidle' })
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      await page.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click()
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
      await accountButton(page, wallet.account.address).waitFor()
      await traffic.quiet()

      traffic.setPhase('account')
      times.push(await timeOpenToTokenList(page, wallet.account.address))
      await traffic.quiet()
      if (run === 0)
        jsUrls = traffic.responses
          .filter((entry) => entry.phase === 'account' && entry.js)
          .map((entry) => entry.url)
      await close()
    }
  } finally {
    await browser.close()
  }
  const files = await Promise.all(
    jsUrls.map(async (url) => ({ url, gzipBytes: await gzipBytesOf(url) })),
  )
  const account = files.find((file) => /\/account-[A-Za-z0-9_-]{8}\.js$/.test(file.url))
  return {
    openToTokenListMs: timingFigure(times),
    accountChunkGzipKb: kb(account?.gzipBytes ?? 0),
    jsOnOpenGzipKb: kb(files.reduce((sum, file) => sum + file.gzipBytes, 0)),
    filesOnOpen: files.map((file) => new URL(file.url).pathname),
  }
}
