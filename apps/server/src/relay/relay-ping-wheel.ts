// Which sockets are due a ping: each once per interval, in slots that a timer turns one at a
// time. Pinging every socket in one timer callback sent a thousand pings (a write each) and got
// a thousand pongs back at once every 20 s, holding up the deliveries queued behind them for
// tens of milliseconds. A socket joins the emptiest slot, so even sockets that all connect at
// once (a restart) are spread over the interval; its first ping may come early, never late.

export class PingWheel<T> {
  readonly #slots: Set<T>[]
  readonly #slotOf = new Map<T, Set<T>>()
  #turn = 0

  constructor(
    /** Turns per interval: a socket is due every `slotCount` turns. */
    readonly slotCount: number,
    readonly onDue: (item: T) => void,
  ) {
    this.#slots = Array.from({ length: slotCount }, () => new Set<T>())
  }

  /** Into the emptiest slot; among equals, the one due last (the slot the last turn handled). */
  add(item: T): void {
    let slot = this.#slots[this.#turn % this.slotCount] as Set<T>
    for (let ahead = 1; ahead < this.slotCount; ahead++) {
      const candidate = this.#slots[(this.#turn + ahead) % this.slotCount] as Set<T>
      if (candidate.size < slot.size) slot = candidate
    }
    slot.add(item)
    this.#slotOf.set(item, slot)
  }

  remove(item: T): void {
    this.#slotOf.get(item)?.delete(item)
    this.#slotOf.delete(item)
  }

  /** Moves to the next slot and hands over each of its items. */
  turn(): void {
    this.#turn += 1
    for (const item of this.#slots[this.#turn % this.slotCount] as Set<T>) this.onDue(item)
  }
}
