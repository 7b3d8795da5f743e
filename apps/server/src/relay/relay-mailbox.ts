// Messages kept per topic until their TTL, in the database, with who has acknowledged which,
// so a restarted relay (or another instance on the same database) still holds them.
import type { Database } from '../db/database'
import { BatchWriter } from './relay-batch'
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

/**
 * Most rows in one PGlite statement. PGlite is PostgreSQL compiled to wasm and runs on the
 * event loop's own thread: a statement blocks every socket while it runs, for about 40 µs a
 * message row. Batches grew to the 1,000 cap at 5,000 msg/s, 43-280 ms each, and every
 * delivery waiting behind one took that long. 100 rows keep one statement to a few ms, and
 * the sockets are served between two (BatchWriter yields a turn). A PostgreSQL server does the
 * work in its own process, so large batches cost the loop little there.
 */
const PGLITE_MAX_BATCH = 100
/**
 * How long a PGlite batch gathers before it is written: each statement has a fixed cost on
 * this thread, and at 1,000 msg/s batches of a row or two (a message statement and an ack
 * statement each) took the server ~640-720 us of CPU per message.
 */
const PGLITE_GATHER_MS = 5
const POSTGRES_MAX_BATCH = 1_000

interface Delivery {
  messageId: string
  clientId: string
}

export class RelayMailbox {
  /** New messages, written many to a statement (see BatchWriter). */
  readonly #messages: BatchWriter<RelayMessage>
  /** Acknowledgements, likewise. */
  readonly #deliveries: BatchWriter<Delivery>

  constructor(readonly db: Database) {
    const pglite = db.kind === 'pglite'
    const maxBatch = pglite ? PGLITE_MAX_BATCH : POSTGRES_MAX_BATCH
    const gatherMs = pglite ? PGLITE_GATHER_MS : 0
    this.#messages = new BatchWriter(
      (messages) => this.#insertMessages(messages),
      maxBatch,
      gatherMs,
    )
    this.#deliveries = new BatchWriter(
      (deliveries) => this.#insertDeliveries(deliveries),
      maxBatch,
      gatherMs,
    )
  }

  /** Keeps a message (a retried or fanned-out publish of a kept one changes nothing). */
  store(message: RelayMessage): Promise<void> {
    return this.#messages.add(message)
  }

  async #insertMessages(batch: RelayMessage[]): Promise<void> {
    // A retried publish may sit in the same batch as its first try.
    const messages = [...new Map(batch.map((message) => [message.id, message])).values()]
    await this.db.query(
      `INSERT INTO relay_messages (id, topic, message, tag, publisher, published_at, expires_at)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[], $5::text[],
         $6::bigint[], $7::bigint[])
       ON CONFLICT (id) DO NOTHING`,
      [
        messages.map((message) => message.id),
        messages.map((message) => message.topic),
        messages.map((message) => message.message),
        messages.map((message) => message.tag),
        messages.map((message) => message.publisher),
        messages.map((message) => message.publishedAt),
        messages.map((message) => message.expiresAt),
      ],
    )
  }

  async #insertDeliveries(deliveries: Delivery[]): Promise<void> {
    await this.db.query(
      `INSERT INTO relay_deliveries (message_id, client_id)
       SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING`,
      [
        deliveries.map((delivery) => delivery.messageId),
        deliveries.map((delivery) => delivery.clientId),
      ],
    )
  }

  /** Resolves once every message and acknowledgement handed over so far is written. */
  async drain(): Promise<void> {
    await Promise.all([this.#messages.drain(), this.#deliveries.drain()])
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
    await Promise.all(messageIds.map((messageId) => this.#deliveries.add({ messageId, clientId })))
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
