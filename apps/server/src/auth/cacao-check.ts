// A CACAO (CAIP-74) may come with a sign-in (WalletConnect's one-click sign-in answers one). It
// is stored with the session, so it must describe the very sign-in that was verified: the same
// account, domain, nonce, audience, issue time and signature. Its header and issuer are
// required; the other fields are compared when present.
import { CacaoMismatchError } from './auth-errors'
import type { SiwxMessage } from './siwx-message'

const CACAO_TYPES = new Set(['caip122', 'eip4361'])

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined
}

function sameInstant(a: unknown, b: string): boolean {
  return typeof a === 'string' && Date.parse(a) === Date.parse(b)
}

/** The did:pkh issuer of the message's account; eip155 addresses compare without case. */
function issuerMatches(iss: unknown, message: SiwxMessage): boolean {
  if (typeof iss !== 'string') return false
  const expected = `did:pkh:${message.chainId}:${message.address}`
  return message.namespace === 'eip155'
    ? iss.toLowerCase() === expected.toLowerCase()
    : iss === expected
}

export function checkCacao(
  cacao: Record<string, unknown>,
  message: SiwxMessage,
  signature: string,
): void {
  const header = record(cacao.h)
  if (!header || typeof header.t !== 'string' || !CACAO_TYPES.has(header.t)) {
    throw new CacaoMismatchError('h.t')
  }
  const payload = record(cacao.p)
  if (!payload || !issuerMatches(payload.iss, message)) throw new CacaoMismatchError('p.iss')
  const optional: [string, (value: unknown) => boolean][] = [
    ['domain', (value) => value === message.domain],
    ['nonce', (value) => value === message.nonce],
    ['aud', (value) => value === message.uri],
    ['iat', (value) => sameInstant(value, message.issuedAt)],
    [
      'exp',
      (value) => message.expirationTime !== undefined && sameInstant(value, message.expirationTime),
    ],
    ['nbf', (value) => message.notBefore !== undefined && sameInstant(value, message.notBefore)],
  ]
  for (const [field, matches] of optional) {
    if (payload[field] !== undefined && !matches(payload[field])) {
      throw new CacaoMismatchError(`p.${field}`)
    }
  }
  const signed = record(cacao.s)
  if (signed && signed.s !== signature) throw new CacaoMismatchError('s.s')
}
