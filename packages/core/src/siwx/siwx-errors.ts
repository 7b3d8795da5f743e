// The errors of sign-in with the wallet, one class per kind, with the spec's exact messages
// (docs/product.md#validation and #errors).
import { PorticoError } from '../errors/portico-error'

export class SiwxNotEnabledError extends PorticoError {
  override name = 'SiwxNotEnabledError'
  constructor() {
    super('SIWX is not enabled', { code: 'SIWX_NOT_ENABLED' })
  }
}

export class NoActiveCaipAddressError extends PorticoError {
  override name = 'NoActiveCaipAddressError'
  constructor() {
    super('No ActiveCaipAddress found', { code: 'NO_ACTIVE_CAIP_ADDRESS' })
  }
}

export class NoActiveCaipNetworkError extends PorticoError {
  override name = 'NoActiveCaipNetworkError'
  constructor() {
    super('No ActiveCaipNetwork or client found', { code: 'NO_ACTIVE_CAIP_NETWORK' })
  }
}

export class NoConnectionClientError extends PorticoError {
  override name = 'NoConnectionClientError'
  constructor() {
    super('No ConnectionController client found', { code: 'NO_CONNECTION_CLIENT' })
  }
}

/** Looking up the account's sessions failed: the wallet is disconnected (docs/product.md#errors) */
export class SiwxInitializeError extends PorticoError {
  override name = 'SiwxInitializeError'
  constructor(cause?: unknown) {
    super('A problem occurred while trying initialize authentication', {
      code: 'SIWX_INITIALIZE',
      cause,
    })
  }
}

/** Signing in failed: the visitor declined, or the signed message was refused. */
export class SignatureDeclinedError extends PorticoError {
  override name = 'SignatureDeclinedError'
  constructor(cause?: unknown) {
    super('Signature declined', { code: 'SIWX_SIGNATURE_DECLINED', cause })
  }
}

/** The same failure for a smart account, whose signatures the app may not verify. */
export class SmartAccountSignatureError extends PorticoError {
  override name = 'SmartAccountSignatureError'
  constructor(cause?: unknown) {
    super('This application might not support Smart Accounts', {
      code: 'SIWX_SMART_ACCOUNT',
      cause,
    })
  }
}
