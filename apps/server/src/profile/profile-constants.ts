// The numbers of name registration that the spec leaves to us (the name rule and the message's
// window are the protocol's: packages/protocol/src/profile-name.ts).
import type { RateLimit } from '../cache/rate-limiter'

/** How often names may be asked for (POST /v1/profile/account), refused ones included. */
export interface NameRegistrationLimits {
  /** Tries from one client (an IPv4 address or an IPv6 /64), over every project and address. */
  perIp: RateLimit
  /** Tries naming one account address, from every client together. */
  perAddress: RateLimit
}

/**
 * Ours. A person registers one name per address, after a try or two at names the suggestions
 * showed free; an office behind one NAT a few people's worth: 20 tries in ten minutes. More from
 * one client is a script squatting the zone with fresh keys. An address is counted over every
 * client (each try may cost a chain call for a contract account's signature), and above the IP
 * limit, so no one client alone can use up someone else's address and lock its owner out.
 */
export const DEFAULT_NAME_REGISTRATION_LIMITS: NameRegistrationLimits = {
  perIp: { limit: 20, windowMs: 10 * 60_000 },
  perAddress: { limit: 30, windowMs: 10 * 60_000 },
}
