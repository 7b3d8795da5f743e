// The text a wallet signs to sign in: CAIP-122, in the EIP-4361 layout on eip155 and the same
// layout on solana. `Chain ID` is the CAIP-2 reference (`1`), as EIP-4361 writes it.
import { clock } from '../state/clock'
import type { SiwxMessageData } from '../state/options'

const ACCOUNT_NAMES: Record<string, string> = { eip155: 'Ethereum', solana: 'Solana' }

export function formatSiwxMessage(data: SiwxMessageData): string {
  const [namespace = '', reference = ''] = data.chainId.split(':')
  const accountName = ACCOUNT_NAMES[namespace] ?? namespace
  const lines = [
    `${data.domain} wants you to sign in with your ${accountName} account:`,
    data.accountAddress,
    '',
    ...(data.statement ? [data.statement, ''] : ['']),
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${data.nonce}`,
  ]
  if (data.issuedAt) lines.push(`Issued At: ${data.issuedAt}`)
  if (data.expirationTime) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources?.length) {
    lines.push('Resources:', ...data.resources.map((resource) => `- ${resource}`))
  }
  return lines.join('\n')
}

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
