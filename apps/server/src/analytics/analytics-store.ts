// Stores a batch of tracked events: the raw rows and the daily rollup in one statement, so the
// rollup counts exactly the rows that were new (a replayed batch adds nothing to either).
import type { AnalyticsEvent } from '@portico/protocol/analytics'
import type { Queryable } from '../db/database'

export interface StoredBatch {
  projectId: string
  /** Lowercase UUID. */
  batchId: string
  sdkVersion: string | null
  events: readonly AnalyticsEvent[]
}

/** How many of the batch's events were new. */
export async function storeAnalyticsBatch(db: Queryable, batch: StoredBatch): Promise<number> {
  const rows = batch.events.map((entry, position) => ({
    position,
    event: entry.event,
    network: entry.properties.network ?? null,
    is_smart_account: entry.properties.isSmartAccount ?? null,
    method: entry.properties.method ?? '',
    wallet: entry.properties.wallet ?? '',
    client_timestamp_ms: entry.timestamp,
  }))
  const { rows: answer } = await db.query<{ stored: number }>(
    `WITH incoming AS (
       SELECT * FROM jsonb_to_recordset($4::jsonb) AS e(
         position smallint, event text, network text, is_smart_account boolean, method text,
         wallet text, client_timestamp_ms bigint)
     ),
     inserted AS (
       INSERT INTO analytics_events (project_id, batch_id, position, event, network,
                                     is_smart_account, method, wallet, sdk_version,
                                     client_timestamp_ms)
       SELECT $1, $2::uuid, position, event, network, is_smart_account, method, wallet, $3,
              client_timestamp_ms
         FROM incoming
       ON CONFLICT (project_id, batch_id, position) DO NOTHING
       RETURNING event, method, wallet, received_at
     ),
     counted AS (
       INSERT INTO analytics_daily (project_id, day, event, method, wallet, count)
       SELECT $1, (received_at AT TIME ZONE 'UTC')::date, event, method, wallet, count(*)
         FROM inserted
        GROUP BY 2, 3, 4, 5
       ON CONFLICT (project_id, day, event, method, wallet)
       DO UPDATE SET count = analytics_daily.count + EXCLUDED.count
     )
     SELECT count(*)::int AS stored FROM inserted`,
    [batch.projectId, batch.batchId, batch.sdkVersion, JSON.stringify(rows)],
  )
  return answer[0]?.stored ?? 0
}

/** Deletes raw events that arrived before `before`, a chunk at a time; returns how many. */
export async function pruneAnalyticsEvents(
  db: Queryable,
  before: Date,
  chunkRows: number,
): Promise<number> {
  let deleted = 0
  for (;;) {
    const { rowCount } = await db.query(
      `DELETE FROM analytics_events
        WHERE ctid IN (SELECT ctid FROM analytics_events WHERE received_at < $1 LIMIT $2)`,
      [before, chunkRows],
    )
    deleted += rowCount
    if (rowCount < chunkRows) return deleted
  }
}
