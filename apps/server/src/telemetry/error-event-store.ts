// Error events reported by the modal (POST /e), one row each. An event is stored once per
// project however often it is sent: the event id is the key.
import type { Queryable } from '../db/database'

export interface ErrorEvent {
  projectId: string
  /** A UUID, lowercase. */
  eventId: string
  sdkType: string | null
  sdkVersion: string | null
  url: string
  domain: string
  /** When it happened, by the client's clock, in ms since the epoch. */
  timestamp: number
  type: string
  event: string
  errorType: string | null
  errorMessage: string | null
  stackTrace: string | null
}

/** True when the event was new, false when it had been stored before. */
export async function storeErrorEvent(db: Queryable, event: ErrorEvent): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO error_events (project_id, event_id, sdk_type, sdk_version, url, domain,
                               client_timestamp_ms, type, event, error_type, error_message,
                               stack_trace)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
     ON CONFLICT (project_id, event_id) DO NOTHING
     RETURNING event_id`,
    [
      event.projectId,
      event.eventId,
      event.sdkType,
      event.sdkVersion,
      event.url,
      event.domain,
      String(event.timestamp),
      event.type,
      event.event,
      event.errorType,
      event.errorMessage,
      event.stackTrace,
    ],
  )
  return rows.length === 1
}
