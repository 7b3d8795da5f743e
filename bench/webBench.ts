// Measures what a visitor's browser pays for Portico: a production build of apps/web served
// locally, opened in Chromium with the injected test wallet, cold each time.
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { TEST_WALLET_INFO, TestWallet } from '../e2e/fixtures/testWallet'
import { median } from './stats'

export interface WebFigures {
  jsBeforeClickGzipKb: number
  jsOnOpenGzipKb: number
  requestsOnOpen: string[]
  requestsBeforeClick: { sameOrigin: number; external: number; urls: string[] }
  clickToFirstWalletRowMs: { median: number; runs: number[] }
  jsHeapModalOpenMb: number
}

interface Recorded {
  url: string
  js: boolean
  gzipBytes: number
  phase: 'load' | 'open'
}

export interface PageUnderTest {
  url: string
  /** A dev account key and the chains' RPC URLs, for the injected test wallet. */
  privateKey: `0x${string}`
  rpcUrls: Record<number, string>
}

async function recordPage(browser: Browser, target: PageUnderTest) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const wallet = new TestWallet({
    privateKeys: [target.privateKey],
    rpcUrls: target.rpcUrls,
    chainId: 1,
  })
  await wallet.install(page)
  const recorded: Recorded[] = []
  let phase: Recorded['phase'] = 'load'
  page.on('response', async (response) => {
    const entry: Recorded = {
      url: response.url(),
      js: /javascript/.test(response.headers()['content-type'] ?? ''),
      gzipBytes: 0,
      phase,
    }
    recorded.push(entry)
    if (entry.js) entry.gzipBytes = gzipSync(await response.body(), { level: 9 }).length
  })
  return {
    page,
    recorded,
    setPhase: (next: Recorded['phase']) => {
      phase = next
    },
    close: () => context.close(),
  }
}

/** Click -> first wallet row painted, timed inside the page from the click event. */
async function timeClickToFirstRow(page: Page): Promise<number> {
  // A string, not a function: tsx would wrap a function with helpers the page does not have.
  const measured = page.evaluate(`new Promise((resolve) => {
    let clickedAt = 0
    document.addEventListener('click', (event) => { clickedAt = event.timeStamp }, { capture: true, once: true })
    const found = () => [...document.querySelectorAll('dialog button')].some((button) => button.textContent.includes(${JSON.stringify(TEST_WALLET_INFO.name)}))
    const observer = new MutationObserver(() => {
      if (clickedAt && found()) {
        observer.disconnect()
        requestAnimationFrame(() => resolve(performance.now() - clickedAt))
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
  })`) as Promise<number>
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  return measured
}

/** JS and requests before any click, on a cold load. */
export async function measureLoad(
  target: PageUnderTest,
): Promise<Pick<WebFigures, 'jsBeforeClickGzipKb' | 'requestsBeforeClick'>> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const origin = new URL(target.url).origin
  try {
    const session = await recordPage(browser, target)
    await session.page.goto(target.url, { waitUntil: 'networkidle' })
    const load = session.recorded
    return {
      jsBeforeClickGzipKb: gzipKb(load),
      requestsBeforeClick: {
        sameOrigin: load.filter((entry) => entry.url.startsWith(origin)).length,
        external: load.filter((entry) => !entry.url.startsWith(origin)).length,
        urls: load.map((entry) => entry.url.replace(origin, '')),
      },
    }
  } finally {
    await browser.close()
  }
}

function gzipKb(entries: Recorded[]): number {
  const bytes = entries.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.gzipBytes, 0)
  return Math.round((bytes / 1024) * 10) / 10
}

export async function measureWeb(target: PageUnderTest, runs = 10): Promise<WebFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const origin = new URL(target.url).origin
  const clickTimes: number[] = []
  let first: WebFigures | undefined
  try {
    for (let run = 0; run < runs; run++) {
      const session = await recordPage(browser, target)
      await session.page.goto(target.url, { waitUntil: 'networkidle' })
      session.setPhase('open')
      clickTimes.push(await timeClickToFirstRow(session.page))
      await session.page.waitForLoadState('networkidle')
      if (!first) {
        const load = session.recorded.filter((entry) => entry.phase === 'load')
        const open = session.recorded.filter((entry) => entry.phase === 'open')
        const cdp = await session.page.context().newCDPSession(session.page)
        await cdp.send('HeapProfiler.collectGarbage')
        const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
        const _kb = (entries: Recorded[]) =>
          Math.round(
            (entries.filter((entry) => entry.js).reduce((sum, entry) => sum + entry.gzipBytes, 0) /
              1024) *
              10,
          ) / 10
        first = {
          jsBeforeClickGzipKb: gzipKb(load),
          jsOnOpenGzipKb: gzipKb(open),
          requestsOnOpen: open.map((entry) => entry.url.replace(origin, '')),
          requestsBeforeClick: {
            sameOrigin: load.filter((entry) => entry.url.startsWith(origin)).length,
            external: load.filter((entry) => !entry.url.startsWith(origin)).length,
            urls: load.map((entry) => entry.url.replace(origin, '')),
          },
          clickToFirstWalletRowMs: { median: 0, runs: [] },
          jsHeapModalOpenMb: Math.round((heap.usedSize / 1024 / 1024) * 10) / 10,
        }
      }
      await session.close()
    }
  } finally {
    await browser.close()
  }
  if (!first) throw new Error('no run completed')
  const rounded = clickTimes.map((ms) => Math.round(ms * 10) / 10)
  first.clickToFirstWalletRowMs = { median: median(rounded), runs: rounded }
  return first
}
