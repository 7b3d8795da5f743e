// The refusals of the embedded wallet's routes, one kind each, with the stable codes of
// @portico/protocol/embedded-wallet-api. Nothing is stored when one is thrown, except that a
// wrong code counts as one of its tries.
import { EmbeddedWalletErrorCode as Code } from '@portico/protocol/embedded-wallet-api'
import { defineServerError } from '../errors'

/** docs/product.md#validation: the e-mail login cooldown, n = seconds left rounded up. */
export const EmailCooldownError = defineServerError({
  name: 'EmailCooldownError',
  status: 429,
  code: Code.cooldown,
  message: (seconds: number) => `Please try again after ${seconds} seconds`,
  headers: (seconds: number) => ({ 'retry-after': String(seconds) }),
})

export const CodeNotFoundError = defineServerError({
  name: 'CodeNotFoundError',
  status: 401,
  code: Code.codeNotFound,
  message: 'No code is waiting for this e-mail address: ask for a new one',
})

export const CodeInvalidError = defineServerError({
  name: 'CodeInvalidError',
  status: 401,
  code: Code.codeInvalid,
  message: (triesLeft: number) =>
    `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`,
})

export const CodeReplacedError = defineServerError({
  name: 'CodeReplacedError',
  status: 401,
  code: Code.codeReplaced,
  message: 'This code was replaced by a newer one: enter the code from the latest e-mail',
})

export const CodeOfAnotherBrowserError = defineServerError({
  name: 'CodeOfAnotherBrowserError',
  status: 403,
  code: Code.codeOfAnotherBrowser,
  message: 'This code was asked for in another browser: ask for a new code here',
})

export const CodeExpiredError = defineServerError({
  name: 'CodeExpiredError',
  status: 401,
  code: Code.codeExpired,
  message: 'This code has expired: ask for a new one',
})

export const CodeLockedError = defineServerError({
  name: 'CodeLockedError',
  status: 429,
  code: Code.codeLocked,
  message: 'Too many wrong codes: ask for a new one',
})

export const MissingEmbeddedSessionError = defineServerError({
  name: 'MissingEmbeddedSessionError',
  status: 401,
  code: Code.sessionInvalid,
  message: 'Authorization: Bearer <session token> is required',
})

/** docs/product.md#alerts: 'Session Expired'. Also for a token that never existed. */
export const EmbeddedSessionExpiredError = defineServerError({
  name: 'EmbeddedSessionExpiredError',
  status: 401,
  code: Code.sessionInvalid,
  message: 'Session Expired',
})

export const WalletExistsError = defineServerError({
  name: 'WalletExistsError',
  status: 409,
  code: Code.walletExists,
  message: 'This user already has a wallet: rotate its shares with PUT',
})

export const WalletNotFoundError = defineServerError({
  name: 'WalletNotFoundError',
  status: 404,
  code: Code.walletNotFound,
  message: 'This user has no wallet yet',
})

export const AddressMismatchError = defineServerError({
  name: 'AddressMismatchError',
  status: 409,
  code: Code.addressMismatch,
  message: "The shares are for another address than this user's wallet",
})

export const SharesMismatchError = defineServerError({
  name: 'SharesMismatchError',
  status: 409,
  code: Code.sharesMismatch,
  message: "These shares do not rebuild this wallet's key: nothing was changed",
})

/** A session whose recovery window has passed, or that took its recovery share already. */
export const RecoveryNeedsLoginError = defineServerError({
  name: 'RecoveryNeedsLoginError',
  status: 403,
  code: Code.recoveryNeedsLogin,
  message: 'The recovery share is given only just after a login: please log in again',
})

/** POST /wallet by a session that is not fresh from its login (its recovery window is gone). */
export const WalletNeedsLoginError = defineServerError({
  name: 'WalletNeedsLoginError',
  status: 403,
  code: Code.walletNeedsLogin,
  message: 'A new wallet is stored only just after a login: please log in again',
})

/**
 * The last step of an e-mail change, after the new address's code: that address is another
 * user's. Only the reader of that mailbox gets this far, so it tells no one else.
 */
export const EmailTakenError = defineServerError({
  name: 'EmailTakenError',
  status: 409,
  code: Code.emailTaken,
  message: 'This e-mail address already belongs to another account, so it cannot be moved here',
})

export const EmailUnchangedError = defineServerError({
  name: 'EmailUnchangedError',
  status: 409,
  code: Code.emailUnchanged,
  message: 'This is already the e-mail address of this account',
})

/** A user who came in by social login (social/) has no address to send a code to. */
export const NoLoginEmailError = defineServerError({
  name: 'NoLoginEmailError',
  status: 409,
  code: Code.noLoginEmail,
  message: 'This account has no e-mail address to send a code to',
})

export const EmailUpdateNotPendingError = defineServerError({
  name: 'EmailUpdateNotPendingError',
  status: 409,
  code: Code.updateNotPending,
  message: (step: string) => `No e-mail change is waiting for the ${step} code`,
})

export const MailUnavailableError = defineServerError({
  name: 'MailUnavailableError',
  status: 503,
  code: Code.mailUnavailable,
  message: 'The e-mail could not be sent: try again later',
})
