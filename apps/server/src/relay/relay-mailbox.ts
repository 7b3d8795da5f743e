// Messages kept per topic until their TTL, in the database, with who has acknowledged which,
// so a restarted relay (or another instance on the same database) still holds them.
import type { Database } from '../db/database'
import { type AckRows, RelayAckQueue } from './relay-ack-queue'
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

/** How much of the mailbox one read takes, oldest first. */
export interface PendingRead {
  /** Most messages. */
  limit?: number
  /**
   * Message characters: the messages before the last one read stay within it (the last may
   * cross it). A push takes no more than its socket will; a read of 500 large messages for a
   * reader that takes a few is megabytes copied off the database's thread for nothing.
   */
  maxChars?: number
}

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
 * Most messages in one PGlite statement. PGlite runs on a thread of its own (db/pglite-thread),
 * so a long statement no longer stops the sockets; what counts there is CPU, and each
 * statement has a fixed cost of about 0.7 ms in wasm whatever its size.
 */
const PGLITE_MAX_BATCH = 1_000
/**
 * How long a PGlite batch gathers. Delivery never waits for it, only the publisher's answer
 * does; 20 ms rather than 5 makes at most 50 statements a second instead of 200, each with its
 * fixed ~0.7 ms of wasm, on a thread that shares the machine's cores with the sockets.
 */
const PGLITE_GATHER_MS = 20
const POSTGRES_MAX_BATCH = 1_000
/**
 * How long acknowledgements gather before they are written, one row per client. Losing the
 * last second of them (a crash) only means a reconnecting client is sent those messages again,
 * which the SDKs drop as already seen; a row per ack cost PGlite as much as the message did.
 */
const ACK_GATHER_MS = 1_000

/** A message a client acknowledged (or was answered in a fetch). */
export interface Acknowledged {
  id: string
  expiresAt: number
}

export class RelayMailbox {
  /** New messages, written many to a statement (see BatchWriter). */
  readonly #messages: BatchWriter<RelayMessage>
  /** Acknowledgements, a row per client per write. */
  readonly #acks: RelayAckQueue

  constructor(
    readonly db: Database,
    onError: (error: unknown) => void,
  ) {
    const pglite = db.kind === 'pglite'
    const maxBatch = pglite ? PGLITE_MAX_BATCH : POSTGRES_MAX_BATCH
    const gatherMs = pglite ? PGLITE_GATHER_MS : 0
    this.#messages = new BatchWriter(
      (messages) => this.#insertMessages(messages),
      maxBatch,
      gatherMs,
    )
    this.#acks = new RelayAckQueue((rows) => this.#insertAcks(rows), ACK_GATHER_MS, onError)
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

  async #insertAcks(rows: AckRows): Promise<void> {
    await this.db.query(
      `INSERT INTO relay_acks (client_id, message_ids, expires_at)
       SELECT client_id, array_agg(message_id), max(expires_at)
       FROM unnest($1::text[], $2::text[], $3::bigint[]) AS ack(client_id, message_id, expires_at)
       GROUP BY client_id`,
      [rows.clientIds, rows.messageIds, rows.expiresAts],
    )
  }

  /** Writes the acknowledgements gathered so far now; rejects if that write failed. */
  writeAcks(): Promise<void> {
    return this.#acks.drain()
  }

  /** Resolves once every message and acknowledgement handed over so far is written. */
  async drain(): Promise<void> {
    // A failed ack write is reported by the queue itself; what matters here is that nothing
    // is still on its way when the database closes.
    await Promise.all([this.#messages.drain(), this.#acks.drain().catch(() => undefined)])
  }

  /** Unexpired messages on `topics` that `clientId` neither published nor acknowledged. */
  async pendingFor(
    clientId: string,
    topics: readonly string[],
    now: number,
    read: PendingRead = {},
  ): Promise<{ messages: RelayMessage[]; hasMore: boolean }> {
    if (topics.length === 0) return { messages: [], hasMore: false }
    const limit = read.limit ?? MAILBOX_FETCH_LIMIT
    // octet_length, not length: it is read from a stored value's header without decompressing
    // it, and the SDKs' messages are base64, where a byte is a character.
    const { rows } = await this.db.query<MessageRow & { chars_before: bigint | string | number }>(
      `SELECT id, topic, message, tag, publisher, published_at, expires_at, chars_before
       FROM (
         SELECT m.id, m.topic, m.message, m.tag, m.publisher, m.published_at, m.expires_at,
           sum(octet_length(m.message)) OVER oldest_first - octet_length(m.message) AS chars_before
         FROM relay_messages m
         WHERE m.topic = ANY($1::text[]) AND m.expires_at > $2 AND m.publisher <> $3
           AND m.id NOT IN (SELECT unnest(a.message_ids) FROM relay_acks a WHERE a.client_id = $3)
         WINDOW oldest_first AS (ORDER BY m.published_at, m.id)
         ORDER BY m.published_at, m.id
         LIMIT $4
       ) pending
       WHERE $5::bigint IS NULL OR chars_before <= $5::bigint
       ORDER BY published_at, id`,
      [topics, now, clientId, limit + 1, read.maxChars ?? null],
    )
    const messages = rows.slice(0, limit)
    const last = messages.at(-1)
    // What the limit or the characters left out, or may have (the last read reaches past them).
    const hasMore =
      rows.length > limit ||
      (read.maxChars !== undefined &&
        last !== undefined &&
        Number(last.chars_before) + last.message.length > read.maxChars)
    return { messages: messages.map(fromRow), hasMore }
  }

  /** Written within a second (ACK_GATHER_MS), or at once with `writeAcks`. */
  markDelivered(messages: readonly Acknowledged[], clientId: string): void {
    for (const { id, expiresAt } of messages) this.#acks.add(clientId, id, expiresAt)
  }

  /** Drops expired messages, and acknowledgements whose messages have all expired. */
  async prune(now: number): Promise<void> {
    await this.db.query('DELETE FROM relay_acks WHERE expires_at <= $1', [now])
    await this.db.query('DELETE FROM relay_messages WHERE expires_at <= $1', [now])
  }
}
