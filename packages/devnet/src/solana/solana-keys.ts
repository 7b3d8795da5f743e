// Solana keys from the dev mnemonic, as Phantom, Solflare and the Solana CLI derive them: BIP-39
// seed, then SLIP-0010 ed25519 (hardened steps only) along m/44'/501'/n'/0'.
import { createHmac, pbkdf2Sync } from 'node:crypto'
import { type Address, getAddressDecoder, getBase58Decoder } from '@solana/kit'
import { ed25519PublicKey } from './ed25519'

const HARDENED = 0x8000_0000

function hmacSha512(key: Uint8Array | string, data: Uint8Array): Buffer {
  return createHmac('sha512', key).update(data).digest()
}

/** BIP-39: the 64-byte seed of a mnemonic (no passphrase). */
export function mnemonicSeed(mnemonic: string): Buffer {
  return pbkdf2Sync(mnemonic.normalize('NFKD'), 'mnemonic', 2048, 64, 'sha512')
}

/** SLIP-0010 for ed25519: every index is hardened (ed25519 has no public derivation). */
export function slip10Ed25519(seed: Uint8Array, path: readonly number[]): Buffer {
  let node = hmacSha512('ed25519 seed', seed)
  for (const index of path) {
    const data = Buffer.alloc(37)
    node.copy(data, 1, 0, 32)
    data.writeUInt32BE((index | HARDENED) >>> 0, 33)
    node = hmacSha512(node.subarray(32), data)
  }
  return node.subarray(0, 32)
}

export interface SolanaKey {
  address: Address
  /** The 32-byte ed25519 private key (seed). */
  privateKey: Uint8Array
  /** The 64-byte secret key wallets import (private key then public key), base58. */
  secretKeyBase58: string
}

const addressDecoder = getAddressDecoder()

export function solanaKeyAt(seed: Uint8Array, accountIndex: number): SolanaKey {
  const privateKey = slip10Ed25519(seed, [44, 501, accountIndex, 0])
  const publicKey = ed25519PublicKey(privateKey)
  const address = addressDecoder.decode(publicKey)
  const secret = new Uint8Array(64)
  secret.set(privateKey, 0)
  secret.set(publicKey, 32)
  return {
    address,
    privateKey: new Uint8Array(privateKey),
    secretKeyBase58: getBase58Decoder().decode(secret),
  }
}
