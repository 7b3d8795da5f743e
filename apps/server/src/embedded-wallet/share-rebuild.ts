// Whether an auth and a recovery share rebuild the key of a wallet's address. A rotation
// (PUT /wallet) must hand over two shares of the same key: otherwise the wallet could no longer
// be recovered on a new browser, and a stolen session could wreck it by storing shares of
// some other key. The server holds both shares of the new split at that moment anyway, so
// combining them adds nothing to what it could do; the key exists only inside this function
// (its bytes are zeroed before it returns; the hex string viem needs cannot be, and is
// left to the garbage collector), and nothing of it is stored or logged.
import { combine } from 'shamir-secret-sharing'
import { bytesToHex, hexToBytes, isHex } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/** A share of a 32-byte key: the 32 bytes masked plus its x coordinate. */
const SHARE_BYTES = 33

function shareBytes(share: string): Uint8Array | undefined {
  if (!isHex(share, { strict: true }) || share.length !== 2 + 2 * SHARE_BYTES) return undefined
  return hexToBytes(share)
}

export async function sharesRebuildAddress(
  authShare: string,
  recoveryShare: string,
  address: string,
): Promise<boolean> {
  const first = shareBytes(authShare)
  const second = shareBytes(recoveryShare)
  // Two copies of one share are one share: combine() would give back its masked bytes.
  if (!first || !second || authShare.toLowerCase() === recoveryShare.toLowerCase()) return false
  let secret: Uint8Array | undefined
  try {
    secret = await combine([first, second])
    if (secret.length !== 32) return false
    return privateKeyToAddress(bytesToHex(secret)).toLowerCase() === address.toLowerCase()
  } catch {
    // Shares that do not fit together (same x), or a secret that is no secp256k1 key.
    return false
  } finally {
    secret?.fill(0)
  }
}
