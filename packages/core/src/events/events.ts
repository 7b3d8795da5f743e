// Tracking events (spec: SIWX_AUTH_SUCCESS, DISCONNECT_ERROR, ...). Hosts subscribe, and so does
// the analytics sender (analytics/), which the first opening of the modal starts when the host
// and the project allow it. The names are the protocol's: the server keeps no other.
import type { AnalyticsEventName } from '@portico/protocol/analytics-events'

export type PorticoEventName = AnalyticsEventName

export interface PorticoEvent {
  event: PorticoEventName
  properties?: Record<string, string | number | boolean | undefined>
  timestamp: number
}

type EventListener = (event: PorticoEvent) => void
const listeners = new Set<EventListener>()

export function subscribeEvents(listener: EventListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function trackEvent(event: PorticoEventName, properties?: PorticoEvent['properties']): void {
  const entry: PorticoEvent = {
    event,
    timestamp: Date.now(),
    ...(properties ? { properties } : {}),
  }
  for (const listener of listeners) listener(entry)
}
