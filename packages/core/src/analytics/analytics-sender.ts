// Tracked events queued and sent in batches: a click only adds to the queue; the queue leaves
// ANALYTICS_FLUSH_INTERVAL_MS after its first event, and at once when the page hides (the last
// moment a page is sure to have). Each batch goes with navigator.sendBeacon, which outlives the
// page and needs no CORS preflight (its string body is text/plain), or fetch with keepalive
// where a beacon is refused or missing. A batch carries a fresh id: the server keeps a replay
// once. Sending never throws.
import type { AnalyticsBatch, AnalyticsEvent } from '@portico/protocol/analytics'
import { ANALYTICS_BATCH_MAX_EVENTS } from '@portico/protocol/analytics-events'
import { randomEventId } from '../api/event-id'
import { ANALYTICS_FLUSH_INTERVAL_MS, ANALYTICS_QUEUE_MAX_EVENTS } from '../constants'
import { clock } from '../time/clock'

export interface AnalyticsSender {
  add(event: AnalyticsEvent): void
  /** Sends what is queued now. */
  flush(): void
  /** Sends what is queued and stops listening to the page. */
  stop(): void
}

/** Posts one batch's JSON to `url`; true when it was handed over. */
function post(url: string, body: string): boolean {
  const navigator = globalThis.navigator
  try {
    if (typeof navigator?.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return true
  } catch {
    // A beacon refused outright (a policy, a closed context): fetch below.
  }
  if (typeof globalThis.fetch !== 'function') return false
  globalThis
    .fetch(url, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    })
    .catch(() => {})
  return true
}

export function createAnalyticsSender(url: string): AnalyticsSender {
  const queue: AnalyticsEvent[] = []
  let timer: unknown

  function flush() {
    if (timer !== undefined) clock.clearTimeout(timer)
    timer = undefined
    while (queue.length > 0) {
      const batch: AnalyticsBatch = {
        batchId: randomEventId(),
        events: queue.splice(0, ANALYTICS_BATCH_MAX_EVENTS),
      }
      if (!post(url, JSON.stringify(batch))) return
    }
  }

  const onHide = () => {
    if (globalThis.document?.visibilityState !== 'visible') flush()
  }
  globalThis.addEventListener?.('pagehide', flush)
  globalThis.document?.addEventListener('visibilitychange', onHide)

  return {
    add(event) {
      queue.push(event)
      if (queue.length > ANALYTICS_QUEUE_MAX_EVENTS) queue.shift()
      timer ??= clock.setTimeout(flush, ANALYTICS_FLUSH_INTERVAL_MS)
    },
    flush,
    stop() {
      flush()
      globalThis.removeEventListener?.('pagehide', flush)
      globalThis.document?.removeEventListener('visibilitychange', onHide)
    },
  }
}
