// The fields of the sign-in message for the page asking now. Its text (CAIP-122, EIP-4361
// layout) is written by @portico/protocol's formatSiwxMessage, the one the server reads back.
import { clock } from '../time/clock'
import type { SiwxMessageData } from './siwx-types'

export { formatSiwxMessage } from '@portico/protocol/siwx-message'

/** A sign-in message's fields for the page asking now: its host and URL, issued now, valid `lifetimeMs`. */
export function signInMessageData(input: {
  accountAddress: string
  chainId: SiwxMessageData['chainId']
  nonce: string
  page: { host: string; href: string }
  lifetimeMs: number
  statement?: string
}): SiwxMessageData {
  const issuedAt = clock.now()
  return {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: input.page.host,
    uri: input.page.href,
    version: '1',
    nonce: input.nonce,
    ...(input.statement ? { statement: input.statement } : {}),
    issuedAt: new Date(issuedAt).toISOString(),
    expirationTime: new Date(issuedAt + input.lifetimeMs).toISOString(),
  }
}
