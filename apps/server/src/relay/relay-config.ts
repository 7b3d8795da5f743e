// The relay's settings and their defaults (ours, not the spec's).

export interface RelayLimits {
  /** Largest `message` a publish may carry, in characters (base64 text). */
  maxMessageChars: number
  /** Most topics one client (did:key) may be subscribed to at once. */
  maxTopicsPerClient: number
  /** Most publishes one client may make in a second (counted by the shared RateLimiter). */
  publishesPerSecond: number
  /** Longest a message is kept in the mailbox, whatever TTL the publisher asks for. */
  maxTtlSeconds: number
}

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
  },
}
