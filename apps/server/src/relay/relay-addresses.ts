// Counts per client address, on this instance: open sockets and publishes in the current second.
// A client's key is free to make (a new Ed25519 key per socket escapes every per-key limit), its
// address is not. An IPv6 client is counted by its /64, the block one subscriber gets.
import type { Clock } from '../cache/cache'
import type { RelayLimits } from './relay-config'

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

/** One address's counts; shared by its sockets, dropped with its last one. */
export class RelayAddress {
  sockets = 0
  #windowStart = 0
  #published = 0

  constructor(
    readonly key: string,
    readonly limits: RelayLimits,
    readonly clock: Clock,
  ) {}

  /** Counts `count` publishes in this second; false (and nothing counted) past the limit. */
  takePublishes(count: number): boolean {
    const windowStart = this.#currentWindow()
    if (windowStart !== this.#windowStart) {
      this.#windowStart = windowStart
      this.#published = 0
    }
    if (this.#published + count > this.limits.publishesPerAddressPerSecond) return false
    this.#published += count
    return true
  }

  /** Neither a socket open nor a publish counted in this second: nothing left to remember. */
  isIdle(): boolean {
    return (
      this.sockets <= 0 && (this.#published === 0 || this.#windowStart !== this.#currentWindow())
    )
  }

  #currentWindow(): number {
    const now = this.clock()
    return now - (now % 1_000)
  }
}

export class RelayAddresses {
  readonly #byKey = new Map<string, RelayAddress>()

  constructor(
    readonly limits: RelayLimits,
    readonly clock: Clock,
  ) {}

  /** Takes a socket slot for the address; undefined when it has all it may have. */
  open(remoteAddress: string | undefined): RelayAddress | undefined {
    const key = addressKeyOf(remoteAddress)
    let address = this.#byKey.get(key)
    if (!address) {
      address = new RelayAddress(key, this.limits, this.clock)
      this.#byKey.set(key, address)
    }
    if (address.sockets >= this.limits.socketsPerAddress) return undefined
    address.sockets += 1
    return address
  }

  /**
   * Gives the slot back. An address with no socket left is forgotten, unless it published in
   * this second: closing and reopening would otherwise start its count over (`sweep` drops it).
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
