// Real wallet keys split 2-of-3 as the frame splits them (shamir-secret-sharing), for the tests
// that store and rotate shares: the server checks that a rotation's shares rebuild the key.
import { split } from 'shamir-secret-sharing'
import { bytesToHex, type Hex, hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'

export interface KeySplit {
  address: `0x${string}`
  authShare: Hex
  recoveryShare: Hex
  deviceShare: Hex
}

/** A new split of `privateKey` (a new key when none is given). */
export async function splitKey(privateKey: Hex = generatePrivateKey()): Promise<KeySplit> {
  const [device, auth, recovery] = await split(hexToBytes(privateKey), 3, 2)
  if (!device || !auth || !recovery) throw new Error('the key did not split into three shares')
  return {
    address: privateKeyToAddress(privateKey),
    authShare: bytesToHex(auth),
    recoveryShare: bytesToHex(recovery),
    deviceShare: bytesToHex(device),
  }
}

/** The body of POST or PUT /wallet for a split. */
export function walletBody({ address, authShare, recoveryShare }: KeySplit) {
  return { address, authShare, recoveryShare }
}
