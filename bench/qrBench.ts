// Picking WalletConnect in the open modal: the time from the click on its row to the pairing's
// QR code painted, over cold loads (a new browser context each run, so the WalletConnect SDK's
// chunk is fetched and its storage is empty every time). Timed twice: a click with no pause
// on the row, and a click after the pointer has rested on the row for HOVER_MS, as a visitor
// who reads the row first would.
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { TEST_WALLET_INFO, TestWallet } from '../e2e/fixtures/testWallet'
import { watchTraffic } from './pageTraffic'
import { median } from './stats'
import type { PageUnderTest } from './webBench'

/** How long the pointer rests on the row before the click, in the "after a hover" runs. */
export const HOVER_MS = 300

export interface QrFigures {
  clickToQrMs: { median: number; runs: number[] }
  hoverThenClickToQrMs: { median: number; runs: number[] }
}

/** Click -> QR code painted, timed inside the page from the click event. */
async function timeClickToQr(page: Page, hoverMs: number): Promise<number> {
  const row = page.getByRole('dialog').getByRole('button', { name: /^WalletConnect/ })
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  const measured = page.evaluate(`new Promise((resolve, reject) => {
    let clickedAt = 0
    document.addEventListener('click', (event) => { clickedAt = event.timeStamp }, { capture: true, once: true })
    const found = () => document.querySelector('dialog svg[role="img"][aria-label^="QR code to connect"]') !== null
    const observer = new MutationObserver(() => {
      if (clickedAt && found()) {
        observer.disconnect()
        requestAnimationFrame(() => resolve(performance.now() - clickedAt))
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
    setTimeout(() => reject(new Error('no QR code 20 s after the click')), 20000)
  })`) as Promise<number>
  if (hoverMs > 0) {
    await row.hover()
    await page.waitForTimeout(hoverMs)
  }
  await row.click()
  return measured
}

async function oneRun(browser: Browser, target: PageUnderTest, hoverMs: number) {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const wallet = new TestWallet({
      privateKeys: [target.privateKey],
      rpcUrls: target.rpcUrls,
      chainId: 1,
    })
    await wallet.install(page)
    const traffic = watchTraffic(page, 'load')
    await page.goto(target.url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) })
      .waitFor()
    // The Connect view is done: its WalletConnect chunk and the wallet list are here.
    await traffic.quiet()
    return await timeClickToQr(page, hoverMs)
  } finally {
    await context.close()
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
  const figure = (times: number[]) => {
    const rounded = times.map((ms) => Math.round(ms * 10) / 10)
    return { median: median(rounded), runs: rounded }
  }
  return { clickToQrMs: figure(clicks), hoverThenClickToQrMs: figure(hovers) }
}
