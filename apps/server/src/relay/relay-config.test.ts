// The relay's per-address limits from the environment: each variable sets its own limit, an
// unset one keeps the default, and anything but a whole number above 0 stops the start.
import { describe, expect, it } from 'vitest'
import { DEFAULT_RELAY_CONFIG, readRelayConfig } from './relay-config'

describe('readRelayConfig', () => {
  it('reads each per-address limit from its variable and keeps the defaults of the others', () => {
    const { limits } = readRelayConfig({
      PORTICO_RELAY_SOCKETS_PER_ADDRESS: '1000',
      PORTICO_RELAY_UPGRADES_PER_ADDRESS: '200',
      PORTICO_RELAY_RATE_REFUSALS_PER_ADDRESS: '400',
      PORTICO_RELAY_PUBLISHES_PER_ADDRESS: '5000',
      PORTICO_RELAY_PUBLISH_CHARS_PER_ADDRESS: '2621440',
    })
    expect(limits).toEqual({
      ...DEFAULT_RELAY_CONFIG.limits,
      socketsPerAddress: 1_000,
      upgradesPerAddressPerSecond: 200,
      rateRefusalsPerAddressPerSecond: 400,
      publishesPerAddressPerSecond: 5_000,
      publishedCharsPerAddressPerSecond: 2_621_440,
    })
    expect(readRelayConfig({})).toEqual(DEFAULT_RELAY_CONFIG)
  })

  it.each(['0', '-1', '2.5', 'many'])('refuses %j as a limit', (text) => {
    expect(() => readRelayConfig({ PORTICO_RELAY_RATE_REFUSALS_PER_ADDRESS: text })).toThrow(
      `PORTICO_RELAY_RATE_REFUSALS_PER_ADDRESS must be a whole number above 0, got ${JSON.stringify(text)}`,
    )
  })
})
