// The onramp's settings: the treasury that pays bought coins out. Its key signs plain transfers
// on the configured EVM chains; without one, options and quotes still answer but no order can be
// started (there is nothing to pay it with).
import type { Hex } from 'viem'

export interface OnrampConfig {
  /** PORTICO_ONRAMP_TREASURY_KEY: 0x and 64 hex digits. */
  treasuryKey: Hex | undefined
}

export function readOnrampConfig(env: NodeJS.ProcessEnv): OnrampConfig {
  const key = env.PORTICO_ONRAMP_TREASURY_KEY?.trim()
  if (key === undefined || key === '') return { treasuryKey: undefined }
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new RangeError('PORTICO_ONRAMP_TREASURY_KEY must be 0x and 64 hex digits')
  }
  return { treasuryKey: key as Hex }
}
