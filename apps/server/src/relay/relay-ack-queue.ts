// Acknowledgements on their way to the mailbox: gathered for a second, then written in one
// statement as a row per client. Kept in three flat arrays, not an object and a promise per
// ack: each ack lives a second, long enough to outlast young-generation collections, and
// thousands a second of small survivors made every scavenge of the relay's thread slower.

export interface AckRows {
  clientIds: string[]
  messageIds: string[]
  expiresAts: number[]
}

export class RelayAckQueue {
  #pending: AckRows = { clientIds: [], messageIds: [], expiresAts: [] }
  #timer: NodeJS.Timeout | undefined
  #writing: Promise<void> = Promise.resolve()

  constructor(
    readonly write: (rows: AckRows) => Promise<void>,
    readonly gatherMs: number,
    readonly onError: (error: unknown) => void,
  ) {}

  add(clientId: string, messageId: string, expiresAt: number): void {
    this.#pending.clientIds.push(clientId)
    this.#pending.messageIds.push(messageId)
    this.#pending.expiresAts.push(expiresAt)
    this.#timer ??= setTimeout(() => void this.#flush(), this.gatherMs)
  }

  /**
   * Writes what is gathered now; resolves once every ack added so far is written, and rejects
   * if the write of those acks failed (a fetch must not answer as if they were kept).
   */
  async drain(): Promise<void> {
    await (this.#flush() ?? this.#writing)
  }

  /** Starts writing what is gathered; returns that write (undefined if nothing was gathered). */
  #flush(): Promise<void> | undefined {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const rows = this.#pending
    if (rows.clientIds.length === 0) return undefined
    this.#pending = { clientIds: [], messageIds: [], expiresAts: [] }
    // One write at a time, in order; a failed one is reported and the next goes on.
    const write = this.#writing.then(() => this.write(rows))
    this.#writing = write.catch(this.onError)
    return write
  }
}
