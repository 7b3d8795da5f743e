// Counts per client address, on this instance: upgrade attempts, open sockets, and publishes and
// their characters in the current second. A client's key is free to make (a new Ed25519 key per
// socket escapes every per-key limit), its address is not. An IPv6 client is counted by its /64,
// the block one subscriber gets.
// An address whose publish budget for the second is spent is not refused: its sockets stop being
// read until the next second (TCP's own flow control holds the rest in the client's buffers), then
// go on in turn. A refusal cost a parse and an answer per frame, and a client told no came back
// with a new key and a new socket; a socket that is not read costs nothing.
import type { Clock } from '../cache/cache'
import { addressKeyOf } from '../http/client-address'
import type { RelayLimits } from './relay-config'
import { SecondCount, secondOf } from './relay-second-count'

/**
 * What became of publishes counted against an address's budget: taken; `spent`, they would fit
 * in a second of their own but not in what is left of this one; `overCount` or `overChars`, no
 * second holds them (a batch larger than the budget).
 */
export type PublishBudget = 'taken' | 'spent' | 'overCount' | 'overChars'

/**
 * Longest a socket waiting for the next second sleeps between looks at the clock: the clock is
 * injectable (tests hold it still, then move it), so the wait is not one timer to the boundary.
 */
const NEXT_SECOND_CHECK_MS = 250

/** One address's counts; shared by its sockets, dropped once there is nothing left to count. */
export class RelayAddress {
  sockets = 0
  #windowStart = 0
  #published = 0
  #publishedChars = 0
  /**
   * Upgrade attempts it may still make: a bucket of `socketsPerAddress` (an office behind one
   * address reconnects all its clients at once after a network drop) that refills at
   * `upgradesPerAddressPerSecond`.
   */
  #upgradeTokens: number
  #upgradeTokensAt: number
  /** Upgrades refused for the rate, this second. */
  readonly #rateRefusals = new SecondCount()
  /** Sockets waiting for the next second's publish budget, in the order they get it. */
  #waiting: Array<() => void> = []
  #nextSecondTimer: NodeJS.Timeout | undefined

  constructor(
    readonly key: string,
    readonly limits: RelayLimits,
    readonly clock: Clock,
  ) {
    this.#upgradeTokens = limits.socketsPerAddress
    this.#upgradeTokensAt = clock()
  }

  /** Counts one upgrade attempt, whatever becomes of it; false when the address has none left. */
  takeUpgrade(): boolean {
    const tokens = this.#refilledUpgradeTokens()
    this.#upgradeTokensAt = this.clock()
    if (tokens < 1) {
      this.#upgradeTokens = tokens
      this.#rateRefusals.add(this.clock())
      return false
    }
    this.#upgradeTokens = tokens - 1
    return true
  }

  /** It has been refused as often in this second as it may be told: its connections go unread. */
  isFlooding(): boolean {
    return this.#rateRefusals.at(this.clock()) >= this.limits.rateRefusalsPerAddressPerSecond
  }

  /**
   * Counts `count` publishes of `chars` message characters in this second, if they fit in what
   * is left of it; nothing is counted otherwise.
   */
  takePublishes(count: number, chars: number): PublishBudget {
    if (count > this.limits.publishesPerAddressPerSecond) return 'overCount'
    if (chars > this.limits.publishedCharsPerAddressPerSecond) return 'overChars'
    this.#startWindow()
    if (
      this.#published + count > this.limits.publishesPerAddressPerSecond ||
      this.#publishedChars + chars > this.limits.publishedCharsPerAddressPerSecond
    ) {
      return 'spent'
    }
    this.#published += count
    this.#publishedChars += chars
    return 'taken'
  }

  /**
   * Runs `resume` once a new second has begun (a socket whose publish did not fit in this one).
   * Waiting sockets resume one per turn of the event loop, in the order they waited; once one of
   * them spends the budget again the rest keep their places ahead of it for the next second, so
   * no socket of the address takes every second's budget while another waits.
   */
  waitForNextSecond(resume: () => void): void {
    this.#waiting.push(resume)
    this.#armNextSecond()
  }

  #armNextSecond(): void {
    if (this.#nextSecondTimer || this.#waiting.length === 0) return
    const second = secondOf(this.clock())
    const check = () => {
      this.#nextSecondTimer = undefined
      if (secondOf(this.clock()) === second) this.#nextSecondTimer = schedule()
      else this.#resumeWaiting(this.#waiting.splice(0))
    }
    const schedule = () =>
      setTimeout(check, Math.min(NEXT_SECOND_CHECK_MS, second + 1_000 - this.clock())).unref()
    this.#nextSecondTimer = schedule()
  }

  #resumeWaiting(turn: Array<() => void>): void {
    const next = turn.shift()
    if (!next) {
      this.#armNextSecond()
      return
    }
    if (this.#isSpent()) {
      // Those not reached go first next second, ahead of any that waited again.
      this.#waiting.unshift(next, ...turn)
      this.#armNextSecond()
      return
    }
    next()
    setImmediate(() => this.#resumeWaiting(turn))
  }

  #isSpent(): boolean {
    this.#startWindow()
    return (
      this.#published >= this.limits.publishesPerAddressPerSecond ||
      this.#publishedChars >= this.limits.publishedCharsPerAddressPerSecond
    )
  }

  #startWindow(): void {
    const windowStart = this.#currentWindow()
    if (windowStart === this.#windowStart) return
    this.#windowStart = windowStart
    this.#published = 0
    this.#publishedChars = 0
  }

  /**
   * No socket open, no publish counted in this second and every upgrade token back: forgetting
   * it changes nothing.
   */
  isIdle(): boolean {
    return (
      this.sockets <= 0 &&
      (this.#published === 0 || this.#windowStart !== this.#currentWindow()) &&
      this.#refilledUpgradeTokens() >= this.limits.socketsPerAddress
    )
  }

  #refilledUpgradeTokens(): number {
    const elapsedMs = Math.max(0, this.clock() - this.#upgradeTokensAt)
    return Math.min(
      this.limits.socketsPerAddress,
      this.#upgradeTokens + (elapsedMs * this.limits.upgradesPerAddressPerSecond) / 1_000,
    )
  }

  #currentWindow(): number {
    return secondOf(this.clock())
  }
}

export class RelayAddresses {
  readonly #byKey = new Map<string, RelayAddress>()

  constructor(
    readonly limits: RelayLimits,
    readonly clock: Clock,
  ) {}

  /**
   * The address of an upgrade, with the attempt counted; undefined when it is over its rate of
   * upgrades. The first thing an upgrade does: nothing of the request is read before it.
   */
  attempt(remoteAddress: string | undefined): RelayAddress | undefined {
    const key = addressKeyOf(remoteAddress)
    let address = this.#byKey.get(key)
    if (!address) {
      address = new RelayAddress(key, this.limits, this.clock)
      this.#byKey.set(key, address)
    }
    return address.takeUpgrade() ? address : undefined
  }

  /**
   * Whether a new connection from this address is closed unread: it went on opening them after
   * its upgrades were refused for their rate (see RelayLimits.rateRefusalsPerAddressPerSecond).
   */
  isFlooding(remoteAddress: string | undefined): boolean {
    return this.#byKey.get(addressKeyOf(remoteAddress))?.isFlooding() ?? false
  }

  /**
   * Takes a socket slot for the address (in the same turn as its `attempt`, so no sweep has
   * forgotten it meanwhile); false when it has all it may have.
   */
  open(address: RelayAddress): boolean {
    if (address.sockets >= this.limits.socketsPerAddress) return false
    address.sockets += 1
    return true
  }

  /**
   * Gives the slot back. An address with no socket left is forgotten, unless it still has
   * something counted: closing and reopening would otherwise start its counts over (`sweep`
   * drops it).
   */
  close(address: RelayAddress): void {
    address.sockets -= 1
    if (address.isIdle()) this.#byKey.delete(address.key)
  }

  /** Forgets addresses with nothing left to count. */
  sweep(): void {
    for (const [key, address] of this.#byKey) {
      if (address.isIdle()) this.#byKey.delete(key)
    }
  }
}
