// Messages kept per topic until their TTL, in the database, with who has acknowledged which,
// so a restarted relay (or another instance on the same database) still holds them.
import type { Database } from '../db/database'
import type { RelayMessage } from './relay-message'

interface MessageRow {
  id: string
  topic: string
  message: string
  tag: number
  publisher: string
  published_at: bigint | string | number
  expires_at: bigint | string | number
}

/** Most messages one fetch returns; the rest wait for the next. */
export const MAILBOX_FETCH_LIMIT = 500

function fromRow(row: MessageRow): RelayMessage {
  return {
    id: row.id,
    topic: row.topic,
    message: row.message,
    tag: row.tag,
    publisher: row.publisher,
    publishedAt: Number(row.published_at),
    expiresAt: Number(row.expires_at),
  }
}

export class RelayMailbox {
  constructor(readonly db: Database) {}

  /** Keeps a message; false when it was already kept (a retried or fanned-out publish). */
  async store(message: RelayMessage): Promise<boolean> {
    const result = await this.db.query(
      `INSERT INTO relay_messages (id, topic, message, tag, publisher, published_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        message.id,
        message.topic,
        message.message,
        message.tag,
        message.publisher,
        message.publishedAt,
        message.expiresAt,
      ],
    )
    return result.rowCount > 0
  }

  /** Unexpired messages on `topics` that `clientId` neither published nor acknowledged. */
  async pendingFor(
    clientId: string,
    topics: readonly string[],
    now: number,
    limit = MAILBOX_FETCH_LIMIT,
  ): Promise<{ messages: RelayMessage[]; hasMore: boolean }> {
    if (topics.length === 0) return { messages: [], hasMore: false }
    const { rows } = await this.db.query<MessageRow>(
      `SELECT m.id, m.topic, m.message, m.tag, m.publisher, m.published_at, m.expires_at
       FROM relay_messages m
       WHERE m.topic = ANY($1::text[]) AND m.expires_at > $2 AND m.publisher <> $3
         AND NOT EXISTS (
           SELECT 1 FROM relay_deliveries d WHERE d.message_id = m.id AND d.client_id = $3
         )
       ORDER BY m.published_at, m.id
       LIMIT $4`,
      [topics, now, clientId, limit + 1],
    )
    return { messages: rows.slice(0, limit).map(fromRow), hasMore: rows.length > limit }
  }

  async markDelivered(messageIds: readonly string[], clientId: string): Promise<void> {
    if (messageIds.length === 0) return
    await this.db.query(
      `INSERT INTO relay_deliveries (message_id, client_id)
       SELECT unnest($1::text[]), $2 ON CONFLICT DO NOTHING`,
      [messageIds, clientId],
    )
  }

  /** Drops expired messages and their delivery records. */
  async prune(now: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(
        `DELETE FROM relay_deliveries d USING relay_messages m
         WHERE d.message_id = m.id AND m.expires_at <= $1`,
        [now],
      )
      await tx.query('DELETE FROM relay_messages WHERE expires_at <= $1', [now])
    })
  }
}
