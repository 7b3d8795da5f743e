// A relay client identity for tests and benchmarks: an Ed25519 key, its did:key, and the
// `auth` JWT the SDKs would send (header EdDSA/JWT, claims iss/sub/aud/iat/exp).
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto'

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = BASE58_ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

const encodeJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

export interface RelayTestIdentity {
  did: string
  /** A JWT for `aud`, valid `ttlSeconds` from now (negative: already expired). */
  jwt(options?: { aud?: string; ttlSeconds?: number }): string
}

export function createRelayTestIdentity(): RelayTestIdentity {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  const did = `did:key:z${encodeBase58(Buffer.concat([Buffer.from([0xed, 0x01]), raw]))}`
  return {
    did,
    jwt({ aud = 'ws://127.0.0.1', ttlSeconds = 86_400 } = {}) {
      const iat = Math.floor(Date.now() / 1000)
      const header = encodeJson({ alg: 'EdDSA', typ: 'JWT' })
      const payload = encodeJson({
        iss: did,
        sub: randomBytes(32).toString('hex'),
        aud,
        iat,
        exp: iat + ttlSeconds,
      })
      const signature = sign(null, Buffer.from(`${header}.${payload}`), privateKey)
      return `${header}.${payload}.${signature.toString('base64url')}`
    },
  }
}
