// Analytics for one page, started by the modal's dialog when it first shows (it is in the
// dialog's lazy chunk: a page that never opens the modal sends nothing and pays nothing for
// this). The host's `analytics` feature is checked first, then the project's switch is read (GET /getAnalyticsConfig: off when the call
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
import type { PorticoFeatures } from '../options/option-types'
import { connectionStore } from '../state/connection'
import { showError } from '../state/toast'
import { toAnalyticsEvent } from './analytics-event'
import { createAnalyticsSender } from './analytics-sender'

export interface AnalyticsHost extends ApiOptionsHost {
  readonly options: ApiOptionsHost['options'] & { readonly features: PorticoFeatures }
}

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

/** The analytics of each client (by its options): started once, however often the dialog mounts. */
const started = new WeakMap<object, Promise<() => void>>()

/**
 * Starts the client's analytics unless started already; resolves to the function that stops
 * them (sending what is queued). The opening that started them is tracked as MODAL_OPEN here:
 * it happened before this chunk could listen.
 */
export function startAnalytics(client: AnalyticsHost): Promise<() => void> {
  let run = started.get(client.options)
  if (!run) {
    run = client.options.features.analytics ? begin(client) : Promise.resolve(() => {})
    started.set(client.options, run)
  }
  return run
}

async function begin(host: AnalyticsHost): Promise<() => void> {
  const api = porticoApiFor(host)
  const opened: PorticoEvent = {
    event: 'MODAL_OPEN',
    timestamp: Date.now(),
    properties: { connected: connectionStore.get().status === 'connected' },
  }
  // Each waiting event with the stores as they were when it was tracked.
  const waiting: Array<[PorticoEvent, TrackingProperties]> = [[opened, trackingProperties()]]
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
