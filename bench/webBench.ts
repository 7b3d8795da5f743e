// Measures what a visitor's browser pays for Portico: a production build of apps/web served
// locally, opened in Chromium with the injected test wallet, cold each time.
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { TEST_WALLET_INFO, TestWallet } from '../e2e/fixtures/testWallet'
import { jsGzipKb, type PageResponse, watchTraffic } from './pageTraffic'
import { median } from './stats'

export interface WebFigures {
  jsBeforeClickGzipKb: number
  jsOnOpenGzipKb: number
  /** JS files opening fetched, and the other requests it made (Wallet API, images). */
  jsFilesOnOpen: string[]
  otherRequestsOnOpen: string[]
  requestsBeforeClick: { sameOrigin: number; external: number; urls: string[] }
  clickToFirstWalletRowMs: { median: number; runs: number[] }
  jsHeapModalOpenMb: number
}

type Phase = 'load' | 'open'

export interface PageUnderTest {
  url: string
  /** A dev account key and the chains' RPC URLs, for the injected test wallet. */
  privateKey: `0x${string}`
  rpcUrls: Record<number, string>
}

async function openPage(browser: Browser, target: PageUnderTest) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const wallet = new TestWallet({
    privateKeys: [target.privateKey],
    rpcUrls: target.rpcUrls,
    chainId: 1,
  })
  await wallet.install(page)
  const traffic = watchTraffic<Phase>(page, 'load')
  return { page, traffic, close: () => context.close() }
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
  try {
    const session = await openPage(browser, target)
    await session.page.goto(target.url, { waitUntil: 'networkidle' })
    await session.traffic.quiet()
    const load = [...session.traffic.responses]
    await session.close()
    return {
      jsBeforeClickGzipKb: await jsGzipKb(load),
      requestsBeforeClick: requestsOf(load, target.url),
    }
  } finally {
    await browser.close()
  }
}

function requestsOf(responses: readonly { url: string }[], pageUrl: string) {
  const origin = new URL(pageUrl).origin
  return {
    sameOrigin: responses.filter((entry) => entry.url.startsWith(origin)).length,
    external: responses.filter((entry) => !entry.url.startsWith(origin)).length,
    urls: responses.map((entry) => entry.url.replace(origin, '')),
  }
}

export async function measureWeb(target: PageUnderTest, runs = 10): Promise<WebFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const origin = new URL(target.url).origin
  const clickTimes: number[] = []
  let firstRun: { responses: PageResponse<Phase>[]; heapBytes: number } | undefined
  try {
    for (let run = 0; run < runs; run++) {
      const session = await openPage(browser, target)
      await session.page.goto(target.url, { waitUntil: 'networkidle' })
      await session.traffic.quiet()
      session.traffic.setPhase('open')
      clickTimes.push(await timeClickToFirstRow(session.page))
      // Opening goes on after the first row: the Connect view's own chunks, the wallet list.
      await session.traffic.quiet()
      if (!firstRun) {
        const cdp = await session.page.context().newCDPSession(session.page)
        await cdp.send('HeapProfiler.collectGarbage')
        const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
        firstRun = { responses: [...session.traffic.responses], heapBytes: heap.usedSize }
      }
      await session.close()
    }
  } finally {
    await browser.close()
  }
  if (!firstRun) throw new Error('no run completed')
  const load = firstRun.responses.filter((entry) => entry.phase === 'load')
  const open = firstRun.responses.filter((entry) => entry.phase === 'open')
  const rounded = clickTimes.map((ms) => Math.round(ms * 10) / 10)
  return {
    jsBeforeClickGzipKb: await jsGzipKb(load),
    jsOnOpenGzipKb: await jsGzipKb(open),
    jsFilesOnOpen: open.filter((entry) => entry.js).map((entry) => entry.url.replace(origin, '')),
    otherRequestsOnOpen: open
      .filter((entry) => !entry.js)
      .map((entry) => entry.url.replace(origin, '')),
    requestsBeforeClick: requestsOf(load, target.url),
    clickToFirstWalletRowMs: { median: median(rounded), runs: rounded },
    jsHeapModalOpenMb: Math.round((firstRun.heapBytes / 1024 / 1024) * 10) / 10,
  }
}
