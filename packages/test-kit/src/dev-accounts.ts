// Real accounts for client tests: anvil's funded dev accounts as viem local accounts, and fresh
// keys for a test that needs an account nobody else signs with. Their signatures verify, so a
// test that hands one to our server or to a flow proves what a stand-in string cannot.
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import { type Hex, keccak256, type PrivateKeyAccount } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

/** Anvil's dev account `index` (0-9), funded with 10 000 ETH on every devnet chain. */
export function devAccount(index = 0): PrivateKeyAccount {
  const account = DEV_ACCOUNTS[index]
  if (!account) throw new Error(`anvil funds dev accounts 0-${DEV_ACCOUNTS.length - 1}`)
  return privateKeyToAccount(account.privateKey)
}

/** An account of its own for one test: a new key, nothing on any chain. */
export function freshAccount(): PrivateKeyAccount {
  return privateKeyToAccount(generatePrivateKey())
}

/**
 * A transaction hash as a wallet answers one: the keccak of a transaction the dev account signs
 * (nonce `nonce` to itself), so two calls with different nonces give different real hashes.
 */
export async function signedTransactionHash(nonce = 0, account = devAccount()): Promise<Hex> {
  const signed = await account.signTransaction({
    chainId: 1,
    nonce,
    to: account.address,
    value: 0n,
    gas: 21_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1n,
  })
  return keccak256(signed)
}

/** The dev account's signature of `message` (EIP-191), as a wallet's personal_sign answers it. */
export function signedMessage(message: string, account = devAccount()): Promise<Hex> {
  return account.signMessage({ message })
}
