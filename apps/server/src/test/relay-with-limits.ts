// A test server's config with the relay's default settings but for the limits a test sets.
import type { RelayConfig, RelayLimits } from '../relay/relay-config'
import { DEFAULT_RELAY_CONFIG } from '../relay/relay-config'

export function relayWithLimits(limits: Partial<RelayLimits>): { relay: RelayConfig } {
  return {
    relay: { ...DEFAULT_RELAY_CONFIG, limits: { ...DEFAULT_RELAY_CONFIG.limits, ...limits } },
  }
}
