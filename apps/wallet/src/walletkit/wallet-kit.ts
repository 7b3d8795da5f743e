// The WalletKit a dev wallet runs on: our relay, no telemetry, no hosted services.
import { type IWalletKit, WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import type { CoreTypes } from '@walletconnect/types'
import type { WalletConfig } from './config'

export interface CreateWalletOptions {
  config: WalletConfig
  /** Storage key prefix; one per account so sessions of two accounts never mix. */
  storagePrefix?: string
  /** In-memory storage for tests; the browser's IndexedDB by default. */
  storage?: CoreTypes.Options['storage']
  metadataUrl?: string
  logger?: string
}

export async function createWalletKit(options: CreateWalletOptions): Promise<IWalletKit> {
  const { config } = options
  const core = new Core({
    projectId: config.projectId,
    relayUrl: config.relayUrl,
    customStoragePrefix: options.storagePrefix ?? `portico-wallet-${config.accountIndex}`,
    telemetryEnabled: false,
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  })
  // With telemetry off the SDK still posts one INIT event to pulse.walletconnect.org; a local
  // wallet on a closed network has nothing to tell it (and the failed look-up is console noise).
  core.eventClient.init = async () => {}
  return WalletKit.init({
    core,
    // The SDK's queue hands over one request a second; the page lists every pending one.
    signConfig: { disableRequestQueue: true },
    metadata: {
      name: 'Portico Dev Wallet',
      description: 'A local WalletConnect wallet for the Portico devnets',
      url: options.metadataUrl ?? 'http://localhost',
      icons: [],
    },
  })
}
