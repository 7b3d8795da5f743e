// Which sockets are due a ping: each once per interval, in slots that a timer turns one at a
// time. Pinging every socket in one timer callback sent a thousand pings (a write each) and got
// a thousand pongs back at once every 20 s, holding up the deliveries queued behind them for
// tens of milliseconds. A socket joins the emptiest slot, so even sockets that all connect at
// once (a restart) are spread over the interval; its first ping may come early, never late.
// The wheel's position follows the clock, not a count of timer callbacks: Node schedules an
// interval's next run from when the last one ran, so a loop late by a few ms a turn would push
// every socket's ping later each interval, towards the SDKs' 35 s cut-off.

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

  /**
   * Moves to turn `turnNumber` (counted from the start), handing over the items of every slot
   * passed on the way: a timer that ran late catches up instead of delaying what follows. At
   * most one round a call: after a stall of a whole interval or more an item is due once, not
   * twice in a row (a second ping before the first pong could be read would look like a dead
   * socket).
   */
  turnTo(turnNumber: number): void {
    this.#turn = Math.max(this.#turn, turnNumber - this.slotCount)
    while (this.#turn < turnNumber) {
      this.#turn += 1
      for (const item of this.#slots[this.#turn % this.slotCount] as Set<T>) this.onDue(item)
    }
  }
}
