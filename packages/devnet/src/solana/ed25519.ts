// The ed25519 public key of a 32-byte private key, through Node's own crypto (a PKCS#8 wrapper
// around the raw key is the only way Node takes one).
import { createPrivateKey, createPublicKey } from 'node:crypto'

const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')

export function ed25519PublicKey(privateKey: Uint8Array): Uint8Array {
  const key = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, privateKey]),
    format: 'der',
    type: 'pkcs8',
  })
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' })
  return new Uint8Array(spki.subarray(spki.length - 32))
}
