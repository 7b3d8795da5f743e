// A count that starts over with every second of the clock (the relay's per-second limits on
// refusals): the second an event falls in is the clock's, not one that starts with the first.

/** The start of the clock's second that `now` falls in. */
export function secondOf(now: number): number {
  return now - (now % 1_000)
}

export class SecondCount {
  #second = 0
  #count = 0

  /** Counts one event at `now` and says how many this second holds with it. */
  add(now: number): number {
    const second = secondOf(now)
    if (second !== this.#second) {
      this.#second = second
      this.#count = 0
    }
    this.#count += 1
    return this.#count
  }

  /** How many events the second of `now` holds. */
  at(now: number): number {
    return this.#second === secondOf(now) ? this.#count : 0
  }
}
