// What each cold-load measure starts from and times with: a new browser context (an empty
// cache and storage) with the test wallet announced over EIP-6963 and the traffic watched, and
// a click timed inside the page, from the click event to the frame after what it waits for.
import type { Browser, Page } from '@playwright/test'
import { TestWallet } from '../e2e/fixtures/testWallet'
import { watchTraffic } from './pageTraffic'
import { median } from './stats'

export interface PageUnderTest {
  url: string
  /** A dev account key and the chains' RPC URLs, for the injected test wallet. */
  privateKey: `0x${string}`
  rpcUrls: Record<number, string>
}

export async function openPage<Phase extends string>(
  browser: Browser,
  target: PageUnderTest,
  firstPhase: Phase,
) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const wallet = new TestWallet({
    privateKeys: [target.privateKey],
    rpcUrls: target.rpcUrls,
    chainId: 1,
  })
  await wallet.install(page)
  const traffic = watchTraffic<Phase>(page, firstPhase)
  return { page, wallet, traffic, close: () => context.close() }
}

/**
 * Milliseconds from the click `click` makes to the frame after `found` (a JS expression run
 * in the page) first holds. An expression, not a function: tsx would wrap a function with
 * helpers the page does not have.
 */
export async function timeClickUntil(
  page: Page,
  found: string,
  click: () => Promise<void>,
  timeoutMs = 20_000,
): Promise<number> {
  const measured = page.evaluate(`new Promise((resolve, reject) => {
    let clickedAt = 0
    document.addEventListener('click', (event) => { clickedAt = event.timeStamp }, { capture: true, once: true })
    const found = () => ${found}
    const observer = new MutationObserver(() => {
      if (clickedAt && found()) {
        observer.disconnect()
        requestAnimationFrame(() => resolve(performance.now() - clickedAt))
      }
    })
    observer.observe(document.body, { childList: true, subtree: true })
    setTimeout(() => reject(new Error('not seen ${timeoutMs} ms after the click')), ${timeoutMs})
  })`) as Promise<number>
  // If the click fails, the page's promise is left behind: it must not end the run when it
  // rejects later (the context closing, the time-out).
  measured.catch(() => undefined)
  await click()
  return measured
}

/** Runs rounded to 0.1 ms, and their median. */
export function timingFigure(times: readonly number[]): { median: number; runs: number[] } {
  const rounded = times.map((ms) => Math.round(ms * 10) / 10)
  return { median: median(rounded), runs: rounded }
}
