// Opening the modal held against its floor (issue 30): the floor page (bench/pages/floor: the
// same React + wagmi + viem stack, a static list in place, no modal) and the connect-button page,
// measured in one run, round robin, each run a cold load (a new browser context). Two ways to
// click: at once (as a visitor who knows where to click), and after the pointer has rested
// HOVER_MS on the button. Per page and way, the medians of:
// - click -> first registry wallet row painted (a recommended wallet, with its image if it has one)
// - click -> first wallet row of any kind painted (the same, any row)
// - JS heap once the page is quiet again (after a forced garbage collection)
// - bytes fetched from the click until the page is quiet (each response gzipped)
import { type Browser, chromium, type Page } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/fixtures/chromium'
import { openPage, type PageUnderTest, watchEventUntil } from './page-session'
import { gzipBytesOf } from './page-traffic'
import { median } from './stats'

/** The pause on the button before the click, in the "after a hover" runs (the 150 ms). */
export const OPEN_HOVER_MS = 150

/** The registry's recommended wallets for the bench pages' networks (Ethereum, Base). */
const RECOMMENDED_NAMES = ['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow']

export interface OpenRun {
  registryRowMs: number
  anyRowMs: number
  heapMb: number
  clickKb: number
}

export type OpenFigures = Record<keyof OpenRun, { median: number; runs: number[] }>

/** A row is painted once its text is there and its image, if it has one, has loaded. */
const rowReady = `(button) => [...button.querySelectorAll('img')].every((img) => img.complete && img.naturalWidth > 0)`
const rows = `[...document.querySelectorAll('dialog li button')]`
const registryRowFound = `${rows}.some((button) => ${JSON.stringify(RECOMMENDED_NAMES)}.some((name) => button.textContent.includes(name)) && (${rowReady})(button))`
const anyRowFound = `${rows}.some((button) => (${rowReady})(button))`

async function oneRun(
  browser: Browser,
  target: PageUnderTest,
  hoverMs: number,
  prepare?: (page: Page) => Promise<void>,
): Promise<OpenRun> {
  const session = await openPage<'load' | 'open'>(browser, target, 'load')
  try {
    const { page, traffic } = session
    await prepare?.(page)
    await page.goto(target.url, { waitUntil: 'networkidle' })
    await traffic.quiet()
    const button = page.getByRole('button', { name: 'Connect Wallet' })
    if (hoverMs > 0) {
      traffic.setPhase('open')
      await button.hover()
      await page.waitForTimeout(hoverMs)
    }
    const registryRow = await watchEventUntil(page, 'click', registryRowFound)
    const anyRow = await watchEventUntil(page, 'click', anyRowFound)
    traffic.setPhase('open')
    await button.click()
    const [registryRowMs, anyRowMs] = await Promise.all([registryRow.ms, anyRow.ms])
    await traffic.quiet()
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('HeapProfiler.collectGarbage')
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
    const opened = traffic.responses.filter((entry) => entry.phase === 'open')
    const bytes = await Promise.all(opened.map((entry) => gzipBytesOf(entry.url)))
    return {
      registryRowMs,
      anyRowMs,
      heapMb: heap.usedSize / 1024 / 1024,
      clickKb: bytes.reduce((sum, size) => sum + size, 0) / 1024,
    }
  } finally {
    await session.close()
  }
}

function figures(runs: readonly OpenRun[]): OpenFigures {
  const of = (key: keyof OpenRun) => {
    const values = runs.map((run) => Math.round(run[key] * 10) / 10)
    return { median: median(values), runs: values }
  }
  return {
    registryRowMs: of('registryRowMs'),
    anyRowMs: of('anyRowMs'),
    heapMb: of('heapMb'),
    clickKb: of('clickKb'),
  }
}

export interface OpenAgainstFloor {
  floor: { cold: OpenFigures; hover: OpenFigures }
  portico: { cold: OpenFigures; hover: OpenFigures; returning: OpenFigures }
}

/**
 * Both pages, `runs` times each way, round robin so every figure sees the same machine load.
 * Portico is also measured as a returning visitor: the same context opened the modal on an
 * earlier load (what it kept, and the browser's cache, are there), then a fresh page clicks.
 */
export async function measureOpenAgainstFloor(
  floor: PageUnderTest,
  portico: PageUnderTest,
  runs = 7,
): Promise<OpenAgainstFloor> {
  const browser = await chromium.launch(chromiumLaunchOptions())
  const results = {
    floorCold: [] as OpenRun[],
    floorHover: [] as OpenRun[],
    porticoCold: [] as OpenRun[],
    porticoHover: [] as OpenRun[],
    porticoReturning: [] as OpenRun[],
  }
  const visitBefore = async (page: Page) => {
    await page.goto(portico.url, { waitUntil: 'networkidle' })
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page.getByRole('dialog').getByRole('button', { name: RECOMMENDED_NAMES[1] }).waitFor()
    // Its images and what was kept settle before the next load.
    await page.waitForLoadState('networkidle')
  }
  try {
    for (let run = 0; run < runs; run++) {
      results.floorCold.push(await oneRun(browser, floor, 0))
      results.porticoCold.push(await oneRun(browser, portico, 0))
      results.floorHover.push(await oneRun(browser, floor, OPEN_HOVER_MS))
      results.porticoHover.push(await oneRun(browser, portico, OPEN_HOVER_MS))
      results.porticoReturning.push(await oneRun(browser, portico, 0, visitBefore))
    }
  } finally {
    await browser.close()
  }
  return {
    floor: { cold: figures(results.floorCold), hover: figures(results.floorHover) },
    portico: {
      cold: figures(results.porticoCold),
      hover: figures(results.porticoHover),
      returning: figures(results.porticoReturning),
    },
  }
}

const LABELS: Record<keyof OpenRun, string> = {
  registryRowMs: 'click -> first registry wallet row (ms)',
  anyRowMs: 'click -> first row of any kind (ms)',
  heapMb: 'JS heap after open (MB)',
  clickKb: 'bytes fetched on the click (KB gzipped)',
}

/** One line per figure: Portico's median, the floor's, and their ratio. */
export function printOpenAgainstFloor(result: OpenAgainstFloor): void {
  const ways = [
    ['cold click', result.portico.cold, result.floor.cold],
    [`after a ${OPEN_HOVER_MS} ms hover`, result.portico.hover, result.floor.hover],
    ['returning visitor, cold click', result.portico.returning, result.floor.cold],
  ] as const
  for (const [way, portico, floor] of ways) {
    console.log(`  ${way} (medians of ${portico.registryRowMs.runs.length}):`)
    for (const key of Object.keys(LABELS) as (keyof OpenRun)[]) {
      // A returning visitor's responses come from the browser's cache: they are not fetched.
      if (portico === result.portico.returning && key === 'clickKb') continue
      const ratio = floor[key].median > 0 ? portico[key].median / floor[key].median : Number.NaN
      console.log(
        `    ${LABELS[key].padEnd(42)} Portico ${portico[key].median.toFixed(1).padStart(7)}  floor ${floor[key].median.toFixed(1).padStart(7)}  ratio ${Number.isFinite(ratio) ? ratio.toFixed(2) : '-'}; Portico runs ${portico[key].runs.join(', ')}`,
      )
    }
  }
}
