import { toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS, DEVNET_MNEMONIC } from './accounts'

describe('DEV_ACCOUNTS', () => {
  it('holds the ten keys anvil derives from the test mnemonic', () => {
    const derived = DEV_ACCOUNTS.map((_, index) => {
      const account = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index })
      const privateKey = account.getHdKey().privateKey
      return { address: account.address, privateKey: privateKey ? toHex(privateKey) : undefined }
    })
    expect(derived).toEqual(DEV_ACCOUNTS)
  })
})
