// The relay's settings and their defaults (ours, not the spec's; the protocol's own ranges are in
// relay-params.ts).

export interface RelayLimits {
  /** Largest `message` a publish may carry, in characters (base64 text). */
  maxMessageChars: number
  /** Most topics one client (did:key) may be subscribed to at once; also the longest topic list. */
  maxTopicsPerClient: number
  /** Most publishes one client may make in a second (counted by the shared RateLimiter). */
  publishesPerSecond: number
  /** Longest a message is kept in the mailbox, whatever TTL the publisher asks for. */
  maxTtlSeconds: number
  /**
   * Most publishes from one address (an IPv4 address or an IPv6 /64) in a second, on this
   * instance: a fresh key per socket escapes `publishesPerSecond`, not this. Past it the socket
   * waits unread for the next second (RelayAddress.waitForNextSecond); a batch larger than this
   * is refused.
   */
  publishesPerAddressPerSecond: number
  /**
   * Characters of published messages from one address in a second, on this instance (the SDKs'
   * messages are base64: a character is a byte): the publish count alone would let one address
   * write 500 x 256 KB a second into the mailbox. Past it, as past the count, the socket waits.
   */
  publishedCharsPerAddressPerSecond: number
  /** Most open sockets from one address on this instance (upgrades past it get 429). */
  socketsPerAddress: number
  /**
   * Upgrade attempts from one address in a second, refused ones included, after a first burst of
   * `socketsPerAddress`; past it an upgrade gets 429 before anything of it is read.
   */
  upgradesPerAddressPerSecond: number
  /**
   * Upgrades refused for that rate (429) one address may be answered in a second; past it the
   * address's new connections are closed as they are accepted, before any of them is read, for
   * the rest of that second (an address that goes on after being told costs a refusal each).
   */
  rateRefusalsPerAddressPerSecond: number
  /**
   * Rate refusals (-32012, its key's publishes) one socket may get in a second: the one that
   * reaches it is answered, then the socket is closed (RELAY_CLOSE.tooManyRefusals) rather than
   * every later frame parsed.
   */
  refusalsPerSocketPerSecond: number
  /**
   * Unread bytes a socket may hold, and message characters a client may leave unacknowledged,
   * before deliveries to it are held back (left in the mailbox, sent when it drains or has
   * acknowledged half of them, or on a later subscribe).
   */
  deliveryPauseBytes: number
  /** Unread bytes past which the socket is closed (1008); answers are never held back. */
  maxBufferedBytes: number
  /** Most message characters one `irn_batchFetchMessages` answer carries (the rest: hasMore). */
  maxFetchAnswerChars: number
}

/** Room for a frame's JSON around its message: ws refuses frames over maxMessageChars + this. */
export const FRAME_OVERHEAD_BYTES = 16 * 1024

export interface RelayConfig {
  enabled: boolean
  /** Path of the WebSocket endpoint on the server, e.g. `/relay`. */
  path: string
  /** How often each socket is pinged (the SDKs drop a socket silent for 35 s). */
  pingIntervalMs: number
  limits: RelayLimits
}

export const DEFAULT_RELAY_CONFIG: RelayConfig = {
  enabled: true,
  path: '/relay',
  pingIntervalMs: 20_000,
  limits: {
    maxMessageChars: 256 * 1024,
    maxTopicsPerClient: 1_000,
    publishesPerSecond: 100,
    maxTtlSeconds: 30 * 24 * 60 * 60,
    // A dapp and a wallet use one socket each and publish a few messages a second; an office
    // or a carrier's NAT puts many of them behind one address.
    publishesPerAddressPerSecond: 500,
    // A WalletConnect envelope is a few hundred characters, a session's biggest a few KB: this
    // is 512 a publish at the count's limit, and one message of the largest size. The abuse
    // bench's key-churning publishers cost the valid clients less CPU at 256 KiB than at 1 MiB.
    publishedCharsPerAddressPerSecond: 256 * 1024,
    socketsPerAddress: 100,
    // A client reconnects a few times a minute at worst; a refused JWT still costs its parsing.
    upgradesPerAddressPerSecond: 20,
    rateRefusalsPerAddressPerSecond: 20,
    // The SDKs queue a refused publish and try it again on their 5 s heartbeat, not within the
    // second: a socket refused a third time in one second is a flood, and each refusal is one of
    // its frames read in full. At 10 the abuse bench's key-churning publishers had about 126
    // refusals a second parsed and answered, at 3 about 38 (when the per-address budget still
    // refused; it now makes them wait, and only a key's own rate is refused).
    refusalsPerSocketPerSecond: 3,
    // A WalletConnect client has a message or two of a few KB unacknowledged; one message of the
    // largest size still goes (the limit is checked before a delivery, not after).
    deliveryPauseBytes: 64 * 1024,
    maxBufferedBytes: 2 * 1024 * 1024,
    maxFetchAnswerChars: 1024 * 1024,
  },
}

/** A whole number from the environment, or the default when unset; throws on anything else. */
function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${name} must be a whole number above 0, got ${JSON.stringify(text)}`)
  }
  return value
}

/**
 * The relay's settings with the per-address limits from the environment:
 * PORTICO_RELAY_SOCKETS_PER_ADDRESS, PORTICO_RELAY_UPGRADES_PER_ADDRESS,
 * PORTICO_RELAY_RATE_REFUSALS_PER_ADDRESS, PORTICO_RELAY_PUBLISHES_PER_ADDRESS and
 * PORTICO_RELAY_PUBLISH_CHARS_PER_ADDRESS (all but the first a second). Behind a reverse proxy
 * every client has the proxy's address: raise them there.
 */
export function readRelayConfig(env: NodeJS.ProcessEnv): RelayConfig {
  const limits = DEFAULT_RELAY_CONFIG.limits
  return {
    ...DEFAULT_RELAY_CONFIG,
    limits: {
      ...limits,
      socketsPerAddress: readCount(
        env,
        'PORTICO_RELAY_SOCKETS_PER_ADDRESS',
        limits.socketsPerAddress,
      ),
      upgradesPerAddressPerSecond: readCount(
        env,
        'PORTICO_RELAY_UPGRADES_PER_ADDRESS',
        limits.upgradesPerAddressPerSecond,
      ),
      rateRefusalsPerAddressPerSecond: readCount(
        env,
        'PORTICO_RELAY_RATE_REFUSALS_PER_ADDRESS',
        limits.rateRefusalsPerAddressPerSecond,
      ),
      publishesPerAddressPerSecond: readCount(
        env,
        'PORTICO_RELAY_PUBLISHES_PER_ADDRESS',
        limits.publishesPerAddressPerSecond,
      ),
      publishedCharsPerAddressPerSecond: readCount(
        env,
        'PORTICO_RELAY_PUBLISH_CHARS_PER_ADDRESS',
        limits.publishedCharsPerAddressPerSecond,
      ),
    },
  }
}
