// The message ids a client was sent lately, to send none twice when a delivery and a mailbox
// read cross (a subscribe right after a publish, a message fanned out twice). Two sets take
// turns: an id is remembered for one to two windows, with no time kept per id and no sweep.
// Past that the mailbox's written acknowledgements (a second behind) keep it from going out
// again; only an id the client never acknowledged may be sent again on a later subscribe, which
// the SDKs drop as seen. A memory until each message's TTL held hundreds of thousands of ids
// per minute of load.

export class RecentIds {
  #current = new Set<string>()
  #previous = new Set<string>()
  #since: number

  constructor(
    readonly windowMs: number,
    now: number,
  ) {
    this.#since = now
  }

  has(id: string, now: number): boolean {
    this.#turn(now)
    return this.#current.has(id) || this.#previous.has(id)
  }

  add(id: string, now: number): void {
    this.#turn(now)
    this.#current.add(id)
  }

  delete(id: string): void {
    this.#current.delete(id)
    this.#previous.delete(id)
  }

  size(now: number): number {
    this.#turn(now)
    return this.#current.size + this.#previous.size
  }

  #turn(now: number): void {
    const elapsed = now - this.#since
    if (elapsed < this.windowMs) return
    this.#previous = elapsed < 2 * this.windowMs ? this.#current : new Set()
    this.#current = new Set()
    this.#since = now
  }
}
