// The `auth` query parameter of a relay connection: an EdDSA JWT signed by the client's own
// Ed25519 key, whose `iss` is that key as a did:key (multibase `z` = base58btc, multicodec
// 0xed01). Verified with node:crypto; nothing else is trusted.

import { createPublicKey, verify } from 'node:crypto'
import { decodeBase58 } from '@portico/protocol/base58'

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32 key bytes follow. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
const ED25519_MULTICODEC = [0xed, 0x01]
/**
 * Longest token looked at. The SDKs' are about 400 characters (a did:key, a 64-character sub, the
 * relay URL as aud); anything past this is refused before it is split, decoded or parsed.
 */
export const MAX_JWT_CHARS = 2_048
/** The refusal of a token over MAX_JWT_CHARS. */
export const JWT_TOO_LONG = `JWT is longer than ${MAX_JWT_CHARS} characters`
/** `did:key:z` and the base58 of 34 bytes (47 or 48 characters): base58 decoding is quadratic. */
const MAX_DID_KEY_CHARS = 64

export class RelayAuthError extends Error {
  override readonly name = 'RelayAuthError'
}

export interface RelayClaims {
  /** The client id: its did:key. */
  iss: string
  sub?: string
  aud?: string
  iat?: number
  exp: number
}

/** The Ed25519 public key a did:key names. */
export function publicKeyOfDidKey(did: string): Uint8Array {
  const prefix = 'did:key:z'
  if (did.length > MAX_DID_KEY_CHARS) throw new RelayAuthError('iss is too long for a did:key')
  if (!did.startsWith(prefix)) throw new RelayAuthError('iss must be a did:key in base58btc')
  const bytes = decodeBase58(did.slice(prefix.length))
  if (!bytes) throw new RelayAuthError('invalid base58 text')
  if (bytes[0] !== ED25519_MULTICODEC[0] || bytes[1] !== ED25519_MULTICODEC[1]) {
    throw new RelayAuthError('iss must be an Ed25519 did:key')
  }
  if (bytes.length !== 34) throw new RelayAuthError('iss must hold a 32-byte key')
  return bytes.subarray(2)
}

function decodeJsonPart(part: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>
    }
  } catch {}
  throw new RelayAuthError('malformed JWT')
}

/** The claims of a valid, unexpired token; throws RelayAuthError otherwise. */
export function verifyRelayJwt(token: string, nowMs: number): RelayClaims {
  if (token.length > MAX_JWT_CHARS) throw new RelayAuthError(JWT_TOO_LONG)
  const parts = token.split('.')
  if (parts.length !== 3) throw new RelayAuthError('malformed JWT')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJsonPart(headerPart)
  if (header.alg !== 'EdDSA') throw new RelayAuthError('JWT must use EdDSA')
  const payload = decodeJsonPart(payloadPart)
  if (typeof payload.iss !== 'string') throw new RelayAuthError('JWT has no iss')
  if (typeof payload.exp !== 'number') throw new RelayAuthError('JWT has no exp')
  const key = createPublicKey({
    key: Buffer.concat([ED25519_SPKI_PREFIX, publicKeyOfDidKey(payload.iss)]),
    format: 'der',
    type: 'spki',
  })
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8')
  const signature = Buffer.from(signaturePart, 'base64url')
  if (signature.length !== 64 || !verify(null, signed, key, signature)) {
    throw new RelayAuthError('JWT signature does not verify')
  }
  if (payload.exp * 1000 <= nowMs) throw new RelayAuthError('JWT has expired')
  return payload as unknown as RelayClaims
}
