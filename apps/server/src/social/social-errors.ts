// The refusals of the social login routes, with the stable codes of
// @portico/protocol/social-login. Nothing is stored when one is thrown.
import { SocialLoginErrorCode as Code } from '@portico/protocol/social-login'
import { defineServerError } from '../errors'

export const ProviderUnavailableError = defineServerError({
  name: 'ProviderUnavailableError',
  status: 400,
  code: Code.providerUnavailable,
  message: (provider: string) => `Login with ${provider} is not available on this server`,
})

export const ResultUriRefusedError = defineServerError({
  name: 'ResultUriRefusedError',
  status: 400,
  code: Code.resultUriRefused,
  message: 'resultUri must be an http(s) URL on an origin this project allows',
})

export const ResultInvalidError = defineServerError({
  name: 'ResultInvalidError',
  status: 401,
  code: Code.resultInvalid,
  message: 'This login result is unknown, expired or already used: start the login again',
})
