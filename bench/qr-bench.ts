// Picking WalletConnect in the open modal: the time from the click on its row to the pairing's
// QR code painted, over cold loads (a new browser context each run, so the WalletConnect SDK's
// chunk is fetched and its storage is empty every time). Timed twice: a click with no pause
// on the row, and a click after the pointer has rested on the row for HOVER_MS, as a visitor
// who reads the row first would. The modal warms WalletConnect on intent only: pointing at the
// row starts the SDK and its relay socket and proposes the pairing, so the click with no pause
// pays for all of it, and the one after the pause for what the pause did not cover.
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { TEST_WALLET_INFO } from '../e2e/fixtures/test-wallet'
import type { PageUnderTest } from './page-session'
import { openPage, timeClickUntil, timingFigure } from './page-session'

/** How long the pointer rests on the row before the click, in the "after a hover" runs. */
export const HOVER_MS = 150

export interface QrFigures {
  clickToQrMs: { median: number; runs: number[] }
  hoverThenClickToQrMs: { median: number; runs: number[] }
}

/** Click on the WalletConnect row -> its QR code painted. */
function timeClickToQr(page: Page, hoverMs: number): Promise<number> {
  const row = page.getByRole('dialog').getByRole('button', { name: /^WalletConnect/ })
  return timeClickUntil(
    page,
    `document.querySelector('dialog svg[role="img"][aria-label^="QR code to connect"]') !== null`,
    async () => {
      if (hoverMs > 0) {
        await row.hover()
        await page.waitForTimeout(hoverMs)
      }
      await row.click()
    },
  )
}

async function oneRun(browser: Browser, target: PageUnderTest, hoverMs: number) {
  const session = await openPage(browser, target, 'load')
  try {
    const { page, traffic } = session
    await page.goto(target.url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) })
      .waitFor()
    // The Connect view is done: the wallet list and its images are here; nothing of WalletConnect
    // until the pointer reaches its row.
    await traffic.quiet()
    return await timeClickToQr(page, hoverMs)
  } finally {
    await session.close()
  }
}

export async function measureQrCode(target: PageUnderTest, runs = 7): Promise<QrFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const clicks: number[] = []
  const hovers: number[] = []
  try {
    // Interleaved, so both see the same machine load.
    for (let run = 0; run < runs; run++) {
      clicks.push(await oneRun(browser, target, 0))
      hovers.push(await oneRun(browser, target, HOVER_MS))
    }
  } finally {
    await browser.close()
  }
  return { clickToQrMs: timingFigure(clicks), hoverThenClickToQrMs: timingFigure(hovers) }
}

/** The WalletConnect figures as `npm run bench` prints them. */
export function printQrCode(qr: QrFigures): void {
  const { clickToQrMs: cold, hoverThenClickToQrMs: hover } = qr
  console.log('\nPicking WalletConnect in the open modal (connect-button page, cold loads)')
  console.log(
    `  Click -> QR code shown:     median ${cold.median.toFixed(1)} ms of ${cold.runs.length}; runs ${cold.runs.join(', ')}`,
  )
  console.log(
    `  Same, after ${HOVER_MS} ms on the row: median ${hover.median.toFixed(1)} ms of ${hover.runs.length}; runs ${hover.runs.join(', ')}`,
  )
}
