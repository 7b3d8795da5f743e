// Measures what a visitor's browser pays for Portico: a production build of apps/web served
// locally, opened in Chromium with the injected test wallet, cold each time.
import { chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { TEST_WALLET_INFO } from '../e2e/fixtures/test-wallet'
import { openPage, type PageUnderTest, timeClickUntil, timingFigure } from './page-session'
import { jsGzipKb, type PageResponse } from './page-traffic'

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

/** Click -> first wallet row painted. */
function timeClickToFirstRow(page: Page): Promise<number> {
  return timeClickUntil(
    page,
    `[...document.querySelectorAll('dialog button')].some((button) => button.textContent.includes(${JSON.stringify(TEST_WALLET_INFO.name)}))`,
    () => page.getByRole('button', { name: 'Connect Wallet' }).click(),
  )
}

/** JS and requests before any click, on a cold load. */
export async function measureLoad(
  target: PageUnderTest,
): Promise<Pick<WebFigures, 'jsBeforeClickGzipKb' | 'requestsBeforeClick'>> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  try {
    const session = await openPage<Phase>(browser, target, 'load')
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
      const session = await openPage<Phase>(browser, target, 'load')
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
  return {
    jsBeforeClickGzipKb: await jsGzipKb(load),
    jsOnOpenGzipKb: await jsGzipKb(open),
    jsFilesOnOpen: open.filter((entry) => entry.js).map((entry) => entry.url.replace(origin, '')),
    otherRequestsOnOpen: open
      .filter((entry) => !entry.js)
      .map((entry) => entry.url.replace(origin, '')),
    requestsBeforeClick: requestsOf(load, target.url),
    clickToFirstWalletRowMs: timingFigure(clickTimes),
    jsHeapModalOpenMb: Math.round((firstRun.heapBytes / 1024 / 1024) * 10) / 10,
  }
}
