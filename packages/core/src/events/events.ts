// Tracking events (spec: SIWX_AUTH_SUCCESS, DISCONNECT_ERROR, ...). Hosts and the analytics
// sender subscribe; nothing is sent anywhere unless a subscriber does it.
export type PorticoEventName =
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'USER_REJECTED'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'CLICK_CANCEL_SIWX'
  | 'ERROR_FETCH_TRANSACTIONS'

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
