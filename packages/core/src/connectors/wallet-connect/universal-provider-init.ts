// The WalletConnect SDK, in the chunk the connector loads on first use. Its start is bounded by
// RPC_TIMEOUT_MS: a relay that never answers fails the attempt (the view offers a retry)
// instead of leaving the QR code spinning.
import { UniversalProvider, type UniversalProviderOpts } from '@walletconnect/universal-provider'
import { RPC_TIMEOUT_MS } from '../../constants'
import { PorticoError } from '../../errors/portico-error'
import { clock } from '../../time/clock'

export class WalletConnectStartTimeoutError extends PorticoError {
  override name = 'WalletConnectStartTimeoutError'
  constructor() {
    super('WalletConnect did not start in time')
  }
}

/**
 * WalletConnect's Verify registers every proposal and request with its hosted attestation
 * service (a hidden frame on verify.walletconnect.org, waited on for up to 5 s). A self-hosted
 * relay has no such service: the page would call a third party and, offline, wait 5 s before
 * each QR code and each signature. Without an attestation the wallet sees the origin as
 * unverified, as for any dapp it cannot check.
 */
function withoutHostedVerify(provider: InstanceType<typeof UniversalProvider>): void {
  provider.client.core.verify.register = async () => ''
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
        withoutHostedVerify(provider)
        resolve(provider)
      },
      (error: unknown) => {
        clock.clearTimeout(timer)
        reject(error)
      },
    )
  })
}
