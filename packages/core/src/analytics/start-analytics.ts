// Analytics for one page, started by the first opening of the modal (a page that never opens it
// sends nothing and loads none of this). The host's `analytics` feature is checked before this
// chunk loads; here the project's switch is read (GET /getAnalyticsConfig: off when the call
// fails, and the 'Invalid App Configuration' alert when the server answers forbidden). Events
// tracked meanwhile wait; once the project allows it they go to the server in batches, and the
// error events to error telemetry (POST /e, at most 5 in 60 s). With analytics off they are
// dropped and nothing is sent.
import { ANALYTICS_EVENTS_PATH } from '@portico/protocol/route-paths'
import { HttpStatusError } from '../api/http'
import type { PorticoApi } from '../api/portico-api'
import { type ApiOptionsHost, porticoApiFor } from '../client/portico-api-for'
import { type PorticoEvent, type PorticoEventName, subscribeEvents } from '../events/events'
import { type TrackingProperties, trackingProperties } from '../events/tracking-properties'
import { showError } from '../state/toast'
import { toAnalyticsEvent } from './analytics-event'
import { createAnalyticsSender } from './analytics-sender'

/** docs/product.md#alerts: the project refuses this page (the server answered 403). */
export const INVALID_APP_CONFIGURATION_ALERT = 'Invalid App Configuration'

/** Tracked events that are errors: each is also reported to error telemetry. */
const ERROR_EVENTS: ReadonlySet<PorticoEventName> = new Set([
  'CONNECT_ERROR',
  'DISCONNECT_ERROR',
  'SIWX_AUTH_ERROR',
  'ERROR_FETCH_TRANSACTIONS',
])

function reportError(api: PorticoApi, entry: PorticoEvent): void {
  const message = entry.properties?.message
  void api.telemetry.sendErrorEvent({
    type: 'error',
    event: entry.event,
    ...(typeof message === 'string' ? { errorMessage: message } : {}),
  })
}

/**
 * Starts with `early`, the events tracked while this chunk loaded (the MODAL_OPEN that loaded it
 * first); resolves to the function that stops it, once the project's switch is known.
 */
export async function startAnalytics(
  host: ApiOptionsHost,
  early: readonly PorticoEvent[],
): Promise<() => void> {
  const api = porticoApiFor(host)
  // Each waiting event with the stores as they were when it was tracked (or now, for the early).
  const waiting: Array<[PorticoEvent, TrackingProperties]> = early.map((entry) => [
    entry,
    trackingProperties(),
  ])
  let deliver = (entry: PorticoEvent) => {
    waiting.push([entry, trackingProperties()])
  }
  const stopListening = subscribeEvents((entry) => deliver(entry))

  const { isAnalyticsEnabled } = await api.wallets.getAnalyticsConfig({
    onError(error) {
      if (error instanceof HttpStatusError && error.status === 403) {
        showError(INVALID_APP_CONFIGURATION_ALERT)
      }
    },
  })
  if (!isAnalyticsEnabled) {
    stopListening()
    return () => {}
  }

  const sender = createAnalyticsSender(api.http.url(ANALYTICS_EVENTS_PATH))
  deliver = (entry) => {
    sender.add(toAnalyticsEvent(entry, trackingProperties()))
    if (ERROR_EVENTS.has(entry.event)) reportError(api, entry)
  }
  for (const [entry, context] of waiting) {
    sender.add(toAnalyticsEvent(entry, context))
    if (ERROR_EVENTS.has(entry.event)) reportError(api, entry)
  }
  return () => {
    stopListening()
    sender.stop()
  }
}
