// What a page fetches, for the browser benchmarks. The page's responses are noted as they
// arrive (URL and type only: nothing is read from the browser later), and sizes come from
// fetching the same URLs from Node once the page is done with. Reading response bodies through
// the browser raced the end of a run: a chunk still in flight when its context closed failed
// its body read, and that rejection ended the process.
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'

export interface PageResponse<Phase extends string> {
  url: string
  js: boolean
  phase: Phase
}

/** Playwright's own rule for networkidle: no request in flight for this long. */
const QUIET_MS = 500
/** A page that never goes quiet is a bench failure, not a hang. */
const QUIET_TIMEOUT_MS = 20_000

export interface PageTraffic<Phase extends string> {
  responses: PageResponse<Phase>[]
  setPhase(next: Phase): void
  /**
   * Resolves once no request has been in flight for 500 ms. Unlike
   * `page.waitForLoadState('networkidle')`, which returns at once when the load already reached
   * it, this also waits for what a click started.
   */
  quiet(): Promise<void>
}

export function watchTraffic<Phase extends string>(page: Page, first: Phase): PageTraffic<Phase> {
  const responses: PageResponse<Phase>[] = []
  let phase = first
  let inFlight = 0
  let lastActivity = Date.now()
  page.on('request', () => {
    inFlight++
    lastActivity = Date.now()
  })
  const done = () => {
    inFlight = Math.max(0, inFlight - 1)
    lastActivity = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  page.on('response', (response) => {
    responses.push({
      url: response.url(),
      js: /javascript/.test(response.headers()['content-type'] ?? ''),
      phase,
    })
  })
  return {
    responses,
    setPhase: (next) => {
      phase = next
    },
    async quiet() {
      const started = Date.now()
      for (;;) {
        const now = Date.now()
        if (inFlight === 0 && now - lastActivity >= QUIET_MS) return
        if (now - started > QUIET_TIMEOUT_MS)
          throw new Error(`the page still had ${inFlight} request(s) in flight after 20 s`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
  }
}

const gzipSizes = new Map<string, Promise<number>>()

/** The file at `url` gzipped at level 9, fetched once per URL (built assets are immutable). */
export function gzipBytesOf(url: string): Promise<number> {
  let size = gzipSizes.get(url)
  if (!size) {
    size = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${url}: ${response.status}`)
      return gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length
    })
    gzipSizes.set(url, size)
  }
  return size
}

/** The JS among `responses`, gzipped, in KB to one decimal. */
export async function jsGzipKb(responses: readonly { url: string; js: boolean }[]) {
  const sizes = await Promise.all(
    responses.filter((entry) => entry.js).map((entry) => gzipBytesOf(entry.url)),
  )
  return Math.round((sizes.reduce((sum, bytes) => sum + bytes, 0) / 1024) * 10) / 10
}
