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
