// What createPortico throws on bad options: the spec's alerts (docs/product.md#alerts) and our own
// InvalidOptionsError, whose message names the option at fault.
import { PorticoError } from '../errors/portico-error'

export class ProjectIdNotConfiguredError extends PorticoError {
  override name = 'ProjectIdNotConfiguredError'
  constructor() {
    super('Project ID Not Configured')
  }
}

/** The default network is not one of the networks passed (spec alert "Network Not Found"). */
export class DefaultNetworkNotFoundError extends PorticoError {
  override name = 'DefaultNetworkNotFoundError'
  constructor() {
    super('Network Not Found')
  }
}

export class InvalidOptionsError extends PorticoError {
  override name = 'InvalidOptionsError'
}
