// Counts per client address, on this instance: upgrade attempts, open sockets, and publishes and
// their characters in the current second. A client's key is free to make (a new Ed25519 key per
// socket escapes every per-key limit), its address is not. An IPv6 client is counted by its /64,
// the block one subscriber gets.
import type { Clock } from '../cache/cache'
import type { RelayLimits } from './relay-config'
import { SecondCount, secondOf } from './relay-second-count'

/** The part of an address that names one subscriber: IPv4 whole, IPv6 its first four groups. */
export function addressKeyOf(remoteAddress: string | undefined): string {
  if (remoteAddress === undefined) return 'unknown'
  // An IPv4 client on a dual-stack listener: ::ffff:203.0.113.7
  if (remoteAddress.startsWith('::ffff:') && remoteAddress.includes('.')) {
    return remoteAddress.slice(7)
  }
  if (!remoteAddress.includes(':')) return remoteAddress
  const [head = '', tail] = remoteAddress.split('::')
  const groups = head === '' ? [] : head.split(':')
  // `::` stands for as many zero groups as make eight; the /64 needs only the first four.
  if (tail !== undefined) {
    const tailGroups = tail === '' ? [] : tail.split(':')
    while (groups.length + tailGroups.length < 8) groups.push('0')
    groups.push(...tailGroups)
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, '').toLowerCase())
    .join(':')}::/64`
}

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
   * Counts `count` publishes of `chars` message characters in this second; past either limit
   * nothing is counted and the answer names the limit.
   */
  takePublishes(count: number, chars: number): 'taken' | 'overCount' | 'overChars' {
    const windowStart = this.#currentWindow()
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart
      this.#published = 0
      this.#publishedChars = 0
    }
    if (this.#published + count > this.limits.publishesPerAddressPerSecond) return 'overCount'
    if (this.#publishedChars + chars > this.limits.publishedCharsPerAddressPerSecond) {
      return 'overChars'
    }
    this.#published += count
    this.#publishedChars += chars
    return 'taken'
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
