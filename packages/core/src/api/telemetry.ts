// Error telemetry (docs/product.md#calls): POST /e with the SDK parameters in the query, a body of
// eventId, url, domain, timestamp and props {type, event, errorType, errorMessage, stackTrace}.
// At most ERROR_TELEMETRY_MAX_EVENTS events leave in any ERROR_TELEMETRY_WINDOW_MS (5 per 60 s,
// a sliding window on time/clock.ts); the rest are dropped. Sending never throws: telemetry
// must not turn one error into two.
import { TELEMETRY_EVENT_PATH } from '@portico/protocol/route-paths'

import type { ErrorEventBody, ErrorEventProps } from '@portico/protocol/telemetry'
import {
  TELEMETRY_ERROR_MESSAGE_MAX_LENGTH,
  TELEMETRY_ERROR_TYPE_MAX_LENGTH,
  TELEMETRY_STACK_TRACE_MAX_LENGTH,
} from '@portico/protocol/telemetry-limits'
import { ERROR_TELEMETRY_MAX_EVENTS, ERROR_TELEMETRY_WINDOW_MS } from '../constants'
import { clock } from '../time/clock'
import { randomEventId } from './event-id'
import type { HttpClient } from './http'

export type { ErrorEventBody, ErrorEventProps }

export interface TelemetryApi {
  /** Sends the event unless the cap is reached; true when the server took it. */
  sendErrorEvent(props: ErrorEventProps): Promise<boolean>
}

export interface TelemetryOptions {
  /** The page the event comes from; the browser's location by default. */
  page?: () => { url: string; domain: string }
}

/** The server's bounds, so a long stack trace is cut rather than refused. */
const LIMITS = {
  errorType: TELEMETRY_ERROR_TYPE_MAX_LENGTH,
  errorMessage: TELEMETRY_ERROR_MESSAGE_MAX_LENGTH,
  stackTrace: TELEMETRY_STACK_TRACE_MAX_LENGTH,
} as const

function browserPage(): { url: string; domain: string } {
  const location = globalThis.location
  return location
    ? { url: location.href, domain: location.hostname || location.host }
    : { url: 'about:blank', domain: 'unknown' }
}

function bounded(props: ErrorEventProps): ErrorEventProps {
  const result: ErrorEventProps = { type: props.type, event: props.event }
  for (const key of ['errorType', 'errorMessage', 'stackTrace'] as const) {
    const value = props[key]
    if (value !== undefined) result[key] = value.slice(0, LIMITS[key])
  }
  return result
}

export function createTelemetry(http: HttpClient, options: TelemetryOptions = {}): TelemetryApi {
  /** When the events of the current window were sent. */
  const sentAt: number[] = []
  const page = options.page ?? browserPage

  function takeSlot(): boolean {
    const now = clock.now()
    while (sentAt.length > 0 && (sentAt[0] ?? 0) <= now - ERROR_TELEMETRY_WINDOW_MS) sentAt.shift()
    if (sentAt.length >= ERROR_TELEMETRY_MAX_EVENTS) return false
    sentAt.push(now)
    return true
  }

  return {
    async sendErrorEvent(props) {
      if (!takeSlot()) return false
      const { url, domain } = page()
      const body: ErrorEventBody = {
        eventId: randomEventId(),
        url,
        domain,
        timestamp: clock.now(),
        props: bounded(props),
      }
      try {
        await http.post(TELEMETRY_EVENT_PATH, body)
        return true
      } catch {
        return false
      }
    },
  }
}
