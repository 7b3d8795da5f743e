// Reading JSON-RPC params as a validator does: a public key that is not base58 is
// "Invalid param: Invalid", one that does not decode to 32 bytes "Invalid param: WrongSize".
import { type Address, getBase58Encoder, getBase64Encoder } from '@solana/kit'
import { invalidParams } from './rpc-error'

const base58 = getBase58Encoder()
const base64 = getBase64Encoder()

/** A base58 key of `length` bytes: an address (32) or a signature (64). */
function readBase58(value: unknown, length: number): string {
  if (typeof value !== 'string') throw invalidParams('Invalid param: Invalid')
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(base58.encode(value))
  } catch {
    throw invalidParams('Invalid param: Invalid')
  }
  if (bytes.length !== length) throw invalidParams('Invalid param: WrongSize')
  return value
}

export function readAddress(value: unknown): Address {
  return readBase58(value, 32) as Address
}

export function readSignature(value: unknown): string {
  return readBase58(value, 64)
}

export function readConfig(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParams('Invalid params: expected a configuration object')
  }
  return value as Record<string, unknown>
}

export function readUnsigned(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: ${name} must be a non-negative integer`)
  }
  return BigInt(value)
}

/** Wire transactions and messages: base64 (what kit sends) or the legacy default, base58. */
export function readEncodedBytes(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: expected an encoded string')
  const kind = encoding ?? 'base58'
  try {
    if (kind === 'base64') return new Uint8Array(base64.encode(value))
    if (kind === 'base58') return new Uint8Array(base58.encode(value))
  } catch {
    throw invalidParams(`invalid ${kind} encoding`)
  }
  throw invalidParams(`unsupported encoding: ${String(kind)}. Supported encodings: base58, base64`)
}

export function readArray(value: unknown, name: string, max: number): unknown[] {
  if (!Array.isArray(value)) throw invalidParams(`Invalid params: ${name} must be an array`)
  if (value.length > max) throw invalidParams(`Too many inputs provided; max ${max}`)
  return value
}
