// The wallet key as three Shamir shares, any two of which give it back (2-of-3): the device
// share stays in this frame's storage, the auth and recovery shares go to our server (which
// keeps the recovery share sealed). One share alone says nothing about the key.
import { combine, split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes, isHex } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

export interface KeyShares {
  device: Hex
  auth: Hex
  recovery: Hex
}

/** A share of a 32-byte key: 33 bytes (the secret's length plus the x coordinate). */
const SHARE_BYTES = 33

export function isKeyShare(value: unknown): value is Hex {
  return (
    typeof value === 'string' &&
    isHex(value, { strict: true }) &&
    value.length === 2 + 2 * SHARE_BYTES
  )
}

export async function splitKey(privateKey: Hex): Promise<KeyShares> {
  const [device, auth, recovery] = await split(hexToBytes(privateKey), 3, 2)
  if (!device || !auth || !recovery) throw new Error('The key did not split into three shares')
  return { device: bytesToHex(device), auth: bytesToHex(auth), recovery: bytesToHex(recovery) }
}

/**
 * The key two shares give, if it is the key of `address`; undefined otherwise (a share of an
 * older split, two copies of one share, or garbage). The caller then tries other shares.
 */
export async function combineShares(
  first: Hex,
  second: Hex,
  address: string,
): Promise<Hex | undefined> {
  if (!isKeyShare(first) || !isKeyShare(second) || first.toLowerCase() === second.toLowerCase()) {
    return undefined
  }
  try {
    const secret = await combine([hexToBytes(first), hexToBytes(second)])
    if (secret.length !== 32) return undefined
    const key = bytesToHex(secret)
    return privateKeyToAddress(key).toLowerCase() === address.toLowerCase() ? key : undefined
  } catch {
    // Shares that do not fit together, or a result that is no secp256k1 key: not our key.
    return undefined
  }
}

/** A new key and its split. */
export async function createKey(): Promise<{
  privateKey: Hex
  address: string
  shares: KeyShares
}> {
  const privateKey = generatePrivateKey()
  return {
    privateKey,
    address: privateKeyToAddress(privateKey),
    shares: await splitKey(privateKey),
  }
}
