// The WalletConnect SDK, in the chunk the connector loads on first use. Its start is bounded by
// RPC_TIMEOUT_MS: a relay that never answers fails the attempt (the view offers a retry)
// instead of leaving the QR code spinning.
import { UniversalProvider, type UniversalProviderOpts } from '@walletconnect/universal-provider'
import { RPC_TIMEOUT_MS } from '../../constants'
import { clock } from '../../state/clock'

export class WalletConnectStartTimeoutError extends Error {
  override name = 'WalletConnectStartTimeoutError'
  constructor() {
    super('WalletConnect did not start in time')
  }
}

export function initUniversalProvider(
  options: UniversalProviderOpts,
): Promise<InstanceType<typeof UniversalProvider>> {
  return new Promise((resolve, reject) => {
    const timer = clock.setTimeout(
      () => reject(new WalletConnectStartTimeoutError()),
      RPC_TIMEOUT_MS,
    )
    UniversalProvider.init(options).then(
      (provider) => {
        clock.clearTimeout(timer)
        resolve(provider)
      },
      (error: unknown) => {
        clock.clearTimeout(timer)
        reject(error)
      },
    )
  })
}
