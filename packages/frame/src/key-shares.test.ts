import { hexToBytes } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { combineShares, createKey, isKeyShare, splitKey } from './key-shares'

describe('the key split 2-of-3', () => {
  it('gives back the key whose address is the stored one from any two shares', async () => {
    const { privateKey, address, shares } = await createKey()
    expect(privateKeyToAddress(privateKey)).toBe(address)
    for (const share of [shares.device, shares.auth, shares.recovery]) {
      expect(isKeyShare(share)).toBe(true)
    }
    expect(await combineShares(shares.device, shares.auth, address)).toBe(privateKey)
    expect(await combineShares(shares.auth, shares.recovery, address)).toBe(privateKey)
    expect(await combineShares(shares.recovery, shares.device, address)).toBe(privateKey)
  })

  it('gives nothing from one share alone, even offered twice', async () => {
    const { address, shares } = await createKey()
    expect(await combineShares(shares.device, shares.device, address)).toBeUndefined()
    // A share holds the secret's bytes masked: it does not contain the key.
    const { privateKey } = await createKey()
    const other = await splitKey(privateKey)
    expect(other.device.includes(privateKey.slice(2))).toBe(false)
  })

  it('gives nothing from shares of two different splits of the same key (after a rotation)', async () => {
    const privateKey = generatePrivateKey()
    const address = privateKeyToAddress(privateKey)
    const before = await splitKey(privateKey)
    const after = await splitKey(privateKey)
    expect(await combineShares(after.auth, after.recovery, address)).toBe(privateKey)
    // The old device share with the new auth share: refused, so the frame falls back to recovery.
    const mixed = await combineShares(before.device, after.auth, address)
    expect(mixed).toBeUndefined()
  })

  it('refuses a combination whose key is not the stored address', async () => {
    const { shares } = await createKey()
    const stranger = privateKeyToAddress(generatePrivateKey())
    expect(await combineShares(shares.device, shares.auth, stranger)).toBeUndefined()
  })

  it('refuses garbage shares', async () => {
    const { address, shares } = await createKey()
    expect(await combineShares('0x1234', shares.auth, address)).toBeUndefined()
    expect(hexToBytes(shares.auth)).toHaveLength(33)
  })
})
