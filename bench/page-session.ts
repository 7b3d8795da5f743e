// What each cold-load measure starts from and times with: a new browser context (an empty
// cache and storage) with the test wallet announced over EIP-6963 and the traffic watched, and
// a click timed inside the page, from the click event to the frame after what it waits for.
import type { Browser, Page } from '@playwright/test'
import { TestWallet } from '../e2e/fixtures/test-wallet'
import { watchTraffic } from './page-traffic'
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
 * Milliseconds from the page's first `eventType` event (capture phase, its timeStamp), which
 * `act` causes, to the frame after `found` (a JS expression run in the page) first holds. An
 * expression, not a function: tsx would wrap a function with helpers the page does not have.
 */
export async function timeEventUntil(
  page: Page,
  eventType: 'click' | 'input',
  found: string,
  act: () => Promise<void>,
  timeoutMs = 20_000,
): Promise<number> {
  const measured = await watchEventUntil(page, eventType, found, timeoutMs)
  await act()
  return measured.ms
}

/**
 * Starts timing, as timeEventUntil does, without acting: several conditions can be timed from
 * one event. Resolves once the page listens, with the time as a promise (`ms`).
 */
export async function watchEventUntil(
  page: Page,
  eventType: 'click' | 'input',
  found: string,
  timeoutMs = 20_000,
): Promise<{ ms: Promise<number> }> {
  const id = `__porticoBench${watchCount++}`
  await page.evaluate(`window.${id} = new Promise((resolve, reject) => {
    let startedAt = 0
    document.addEventListener(${JSON.stringify(eventType)}, (event) => { startedAt = event.timeStamp }, { capture: true, once: true })
    const found = () => ${found}
    const check = () => {
      if (!startedAt || !found()) return
      observer.disconnect()
      document.removeEventListener('load', check, true)
      requestAnimationFrame(() => resolve(performance.now() - startedAt))
    }
    const observer = new MutationObserver(check)
    // characterData: a text changed in place (a status line) is seen when it changes.
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    // An image that finishes loading changes no node: its load event (captured: it does not
    // bubble) is when a condition on images can first hold.
    document.addEventListener('load', check, true)
    setTimeout(() => reject(new Error('not seen ${timeoutMs} ms after the ${eventType}')), ${timeoutMs})
  }); undefined`)
  const ms = page.evaluate(`window.${id}`) as Promise<number>
  // If the act fails, the page's promise is left behind: it must not end the run when it
  // rejects later (the context closing, the time-out).
  ms.catch(() => undefined)
  return { ms }
}

let watchCount = 0

export function timeClickUntil(
  page: Page,
  found: string,
  click: () => Promise<void>,
  timeoutMs?: number,
): Promise<number> {
  return timeEventUntil(page, 'click', found, click, timeoutMs)
}

/** Runs rounded to 0.1 ms, and their median. */
export function timingFigure(times: readonly number[]): { median: number; runs: number[] } {
  const rounded = times.map((ms) => Math.round(ms * 10) / 10)
  return { median: median(rounded), runs: rounded }
}
