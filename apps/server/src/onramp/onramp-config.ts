// The onramp's settings. Options and quotes always answer; orders need a provider, and the only
// one built is the sandbox: its checkout takes test cards and pays real coins from a treasury
// key on the configured chains. So it runs only when the operator says so
// (PORTICO_ONRAMP_SANDBOX=1, which `npm start`, e2e and the tests set) and only on chains served
// from this machine (local devnets): a configuration with a chain elsewhere, a production one,
// does not start with it. Orders are rate limited per client IP and per project.
import type { Hex } from 'viem'
import { DEFAULT_ONRAMP_ORDER_LIMITS, type OnrampOrderLimits } from './onramp-constants'

export interface OnrampSandboxConfig {
  /** PORTICO_ONRAMP_TREASURY_KEY: 0x and 64 hex digits; the account that pays purchases out. */
  treasuryKey: Hex
}

export interface OnrampConfig {
  /** The sandbox checkout and its treasury; undefined (the default): no checkout, no order. */
  sandbox: OnrampSandboxConfig | undefined
  orderLimits: OnrampOrderLimits
}

/** Where a chain is served from: only its RPC URL's host matters here. */
interface ChainRpc {
  caipNetworkId: string
  rpcUrl: string
}

const TREASURY_KEY = /^0x[0-9a-fA-F]{64}$/

function readSandboxSwitch(value: string | undefined): boolean {
  const text = value?.trim() ?? ''
  if (text === '' || text === '0') return false
  if (text === '1') return true
  throw new RangeError(
    `PORTICO_ONRAMP_SANDBOX must be 1 (on) or 0 (off), got ${JSON.stringify(text)}`,
  )
}

function readSandbox(env: NodeJS.ProcessEnv): OnrampSandboxConfig | undefined {
  const on = readSandboxSwitch(env.PORTICO_ONRAMP_SANDBOX)
  const key = env.PORTICO_ONRAMP_TREASURY_KEY?.trim() || undefined
  if (key !== undefined && !TREASURY_KEY.test(key)) {
    throw new RangeError('PORTICO_ONRAMP_TREASURY_KEY must be 0x and 64 hex digits')
  }
  if (!on) {
    if (key !== undefined) {
      throw new RangeError(
        'PORTICO_ONRAMP_TREASURY_KEY is used only by the onramp sandbox: set PORTICO_ONRAMP_SANDBOX=1 on a devnet, or remove the key',
      )
    }
    return undefined
  }
  if (key === undefined) {
    throw new RangeError(
      'PORTICO_ONRAMP_SANDBOX=1 needs PORTICO_ONRAMP_TREASURY_KEY, the account that pays purchases out',
    )
  }
  return { treasuryKey: key as Hex }
}

/** 127.0.0.0/8, ::1 and localhost names: a chain served from this machine. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  )
}

/**
 * Test cards pay real coins: the sandbox is refused with any chain served from elsewhere. A
 * mainnet node on this very machine passes this check, which is why the sandbox is off unless
 * turned on.
 */
function checkSandboxChains(chains: readonly ChainRpc[]): void {
  for (const chain of chains) {
    if (!isLoopbackHost(new URL(chain.rpcUrl).hostname)) {
      throw new RangeError(
        `PORTICO_ONRAMP_SANDBOX=1 pays test cards with real coins, so it runs only on local devnets; the RPC of ${chain.caipNetworkId} is not on this machine (${new URL(chain.rpcUrl).host})`,
      )
    }
  }
}

/**
 * The environment's settings with `override` over them (tests and the start script pass the
 * treasury in code), checked against the configured chains. Throws RangeError.
 */
export function readOnrampConfig(
  env: NodeJS.ProcessEnv,
  override: Partial<OnrampConfig> | undefined,
  chains: readonly ChainRpc[],
): OnrampConfig {
  const config: OnrampConfig = {
    sandbox: override && 'sandbox' in override ? override.sandbox : readSandbox(env),
    orderLimits: override?.orderLimits ?? DEFAULT_ONRAMP_ORDER_LIMITS,
  }
  if (config.sandbox) checkSandboxChains(chains)
  return config
}
