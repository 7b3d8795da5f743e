// The real server on a seeded devnet with the card onramp's sandbox on, paying buyers from dev
// account 8, and the client that drives it as the modal and a buyer would: what every in-process
// onramp test file stands up. Its order limits are far above the defaults: a test file starts
// more orders from 127.0.0.1 than a buyer would (onramp-order-limits.test.ts tests the limits).
import { DEV_ACCOUNTS } from '@portico/devnet'
import type { OnrampConfig } from '../onramp/onramp-config'
import { type DevnetServer, startDevnetServer } from './devnet-server'
import { type OnrampClient, onrampClient } from './onramp-checkout-client'
import { startedPerFile } from './started-per-file'

export const ONRAMP_TREASURY = DEV_ACCOUNTS[8]

const MANY = { limit: 100_000, windowMs: 60_000 }

/** The sandbox on, paying from ONRAMP_TREASURY. */
export const ONRAMP_SANDBOX: Partial<OnrampConfig> = {
  sandbox: { treasuryKey: ONRAMP_TREASURY.privateKey },
}

export interface OnrampServer {
  readonly setup: DevnetServer
  readonly client: OnrampClient
}

/** Registers the file's hooks; read `setup` inside tests, once beforeAll has run. */
export function useOnrampServer(): OnrampServer {
  const setup = startedPerFile('the onramp server', () =>
    startDevnetServer({
      config: { onramp: { ...ONRAMP_SANDBOX, orderLimits: { perIp: MANY, perProject: MANY } } },
    }),
  )
  return {
    get setup() {
      return setup()
    },
    client: onrampClient(() => setup().server.url),
  }
}
