// The real server on a seeded devnet with the card onramp on, paying buyers from dev account 8,
// and the client that drives it as the modal and a buyer would: what every in-process onramp test
// file stands up.
import { DEV_ACCOUNTS } from '@portico/devnet'
import { type DevnetServer, startDevnetServer } from './devnet-server'
import { type OnrampClient, onrampClient } from './onramp-checkout-client'
import { startedPerFile } from './started-per-file'

export const ONRAMP_TREASURY = DEV_ACCOUNTS[8]

export interface OnrampServer {
  readonly setup: DevnetServer
  readonly client: OnrampClient
}

/** Registers the file's hooks; read `setup` inside tests, once beforeAll has run. */
export function useOnrampServer(): OnrampServer {
  const setup = startedPerFile('the onramp server', () =>
    startDevnetServer({ config: { onramp: { treasuryKey: ONRAMP_TREASURY.privateKey } } }),
  )
  return {
    get setup() {
      return setup()
    },
    client: onrampClient(() => setup().server.url),
  }
}
