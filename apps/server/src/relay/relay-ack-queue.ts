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
    this.#timer ??= setTimeout(() => this.#flush(), this.gatherMs)
  }

  /** Writes what is gathered now; resolves once every ack added so far is written. */
  async drain(): Promise<void> {
    this.#flush()
    await this.#writing
  }

  #flush(): void {
    clearTimeout(this.#timer)
    this.#timer = undefined
    const rows = this.#pending
    if (rows.clientIds.length === 0) return
    this.#pending = { clientIds: [], messageIds: [], expiresAts: [] }
    // One write at a time, in order.
    this.#writing = this.#writing.then(() => this.write(rows)).catch(this.onError)
  }
}
