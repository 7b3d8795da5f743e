// What the adapters throw. Apart from the types (chain-adapter.ts), so that only the chunk the
// adapters load in carries them.
import { PorticoError } from '../errors/portico-error'

/** A namespace with no adapter among the configured networks. */
export class ChainNotSupportedError extends PorticoError {
  override name = 'ChainNotSupportedError'
  constructor(namespace: string) {
    super('Unsupported chain', { details: `No adapter for the ${namespace} namespace` })
  }
}

export class TransferFailedError extends PorticoError {
  override name = 'TransferFailedError'
  constructor() {
    super('Transaction failed')
  }
}

/**
 * The visitor picked a network of a namespace their wallet has no account in (an EVM-only
 * wallet and a Solana network): nothing is switched, and the wallet is named.
 */
export class NamespaceAccountMissingError extends PorticoError {
  override name = 'NamespaceAccountMissingError'
  constructor(walletName: string, networkName: string) {
    super(`${walletName} has no account on ${networkName}.`)
  }
}
