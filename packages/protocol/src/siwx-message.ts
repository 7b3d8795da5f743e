// The text a wallet signs to sign in: CAIP-122, in the EIP-4361 layout on eip155 and the same
// layout on solana. `Chain ID` is the CAIP-2 reference (`1`), as EIP-4361 writes it. The modal
// writes it; the server reads it back (apps/server/src/auth/siwx-message.ts).
//
//   [scheme://]domain wants you to sign in with your Ethereum account:
//   0xAddress
//
//   statement (optional)
//
//   URI: uri
//   Version: 1
//   Chain ID: 1
//   Nonce: nonce
//   Issued At / Expiration Time / Not Before / Request ID (optional)
//   Resources: (optional, then one `- uri` per line)
import type { SiwxMessageData } from './auth'

/** The account name of the first line, by namespace. */
export const SIWX_ACCOUNT_NAMES: Readonly<Record<string, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
}

export function formatSiwxMessage(data: SiwxMessageData & { scheme?: string }): string {
  const [namespace = '', reference = ''] = data.chainId.split(':')
  const accountName = SIWX_ACCOUNT_NAMES[namespace] ?? namespace
  const origin = data.scheme ? `${data.scheme}://${data.domain}` : data.domain
  const lines = [
    `${origin} wants you to sign in with your ${accountName} account:`,
    data.accountAddress,
    '',
    ...(data.statement ? [data.statement] : []),
    '',
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
