// Wallet errors as viem hands them over from a wallet's EIP-1193 provider: a WalletConnect
// wallet's own refusal codes count as the visitor saying no, and a code viem does not know is
// shown by its meaning rather than 'An unknown RPC error occurred.'.
import { createWalletClient, custom } from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { isUserRejection, walletErrorMessage } from './wallet-errors'

/** What viem throws when the wallet answers eth_requestAccounts with this JSON-RPC error. */
async function walletRefusal(code: number, message = ''): Promise<unknown> {
  const wallet = createWalletClient({
    chain: mainnet,
    transport: custom({
      async request() {
        throw Object.assign(new Error(message), { code, message })
      },
    }),
  })
  return wallet.requestAddresses().then(
    () => expect.fail('the wallet answered'),
    (error: unknown) => error,
  )
}

describe('wallet errors', () => {
  it('counts a WalletConnect wallet’s “User rejected.” (5000) as a refusal, as 4001', async () => {
    for (const [code, message] of [
      [4001, 'User rejected the request.'],
      [5000, 'User rejected.'],
      [5001, 'User rejected chains.'],
      [5002, 'User rejected methods.'],
    ] as const) {
      const error = await walletRefusal(code, message)
      expect(isUserRejection(error), String(code)).toBe(true)
      expect(walletErrorMessage(error), String(code)).toBe('Connection declined')
    }
  })

  it('does not count other failures as a refusal', async () => {
    for (const code of [4100, 4200, 5700, -32603, -32002]) {
      expect(isUserRejection(await walletRefusal(code)), String(code)).toBe(false)
    }
  })

  it('says what a code means where viem does not know it', async () => {
    expect(walletErrorMessage(await walletRefusal(32603))).toBe('Invalid chain id')
  })

  it('keeps the words viem or the wallet gave for a code it knows', async () => {
    expect(walletErrorMessage(await walletRefusal(5740))).toBe(
      'The call bundle is too large for the Wallet to process.',
    )
    expect(walletErrorMessage(await walletRefusal(4242, 'The vault is locked'))).toBe(
      'The vault is locked',
    )
  })
})
