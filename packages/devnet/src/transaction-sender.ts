// Signs transactions locally and sends them with explicit nonces and gas limits, without waiting
// for each to be mined: anvil automines, and a chain's whole deployment then costs one round
// trip per transaction. `confirm()` reads every receipt at the end and fails on any revert.
import { type Address, createPublicClient, type Hex, http, type TransactionReceipt } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { DevAccount } from './accounts'

export interface DevnetTransaction {
  from: DevAccount
  to?: Address
  data?: Hex
  value?: bigint
  /** Fixed limits keep the run free of estimate round trips; see GAS_LIMITS. */
  gas: bigint
  /** Shown in the error when the transaction reverts. */
  label: string
}

export interface TransactionSender {
  /** The nonce the sender's next transaction will use. */
  nextNonce(account: DevAccount): Promise<number>
  send(transaction: DevnetTransaction): Promise<Hex>
  /** Waits for the transactions sent since the last call; throws if one reverted. */
  confirm(): Promise<TransactionReceipt[]>
}

// Fixed fee caps, well above anvil's base fee; with fixed block spacing (chain-clock.ts) they
// make every run spend the same gas fees, so seeded ETH balances match to the wei.
const MAX_FEE_PER_GAS = 50_000_000_000n
const MAX_PRIORITY_FEE_PER_GAS = 1_000_000_000n

export function createTransactionSender(rpcUrl: string, chainId: number): TransactionSender {
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) })
  const nonces = new Map<Address, number>()
  const signers = new Map<Hex, ReturnType<typeof privateKeyToAccount>>()
  const sent: { hash: Hex; label: string }[] = []

  async function nextNonce(account: DevAccount): Promise<number> {
    const known = nonces.get(account.address)
    if (known !== undefined) return known
    const nonce = await client.getTransactionCount({
      address: account.address,
      blockTag: 'pending',
    })
    nonces.set(account.address, nonce)
    return nonce
  }

  async function send(transaction: DevnetTransaction): Promise<Hex> {
    const nonce = await nextNonce(transaction.from)
    nonces.set(transaction.from.address, nonce + 1)
    let signer = signers.get(transaction.from.privateKey)
    if (!signer) {
      signer = privateKeyToAccount(transaction.from.privateKey)
      signers.set(transaction.from.privateKey, signer)
    }
    const signed = await signer.signTransaction({
      type: 'eip1559',
      chainId,
      nonce,
      gas: transaction.gas,
      maxFeePerGas: MAX_FEE_PER_GAS,
      maxPriorityFeePerGas: MAX_PRIORITY_FEE_PER_GAS,
      to: transaction.to ?? null,
      data: transaction.data,
      value: transaction.value ?? 0n,
    })
    const hash = await client.request({ method: 'eth_sendRawTransaction', params: [signed] })
    sent.push({ hash, label: transaction.label })
    return hash
  }

  async function confirm(): Promise<TransactionReceipt[]> {
    const pending = sent.splice(0)
    const receipts = await Promise.all(
      pending.map(({ hash }) => client.waitForTransactionReceipt({ hash, pollingInterval: 20 })),
    )
    const reverted = receipts.flatMap((receipt, index) =>
      receipt.status === 'reverted' ? [pending[index]?.label ?? receipt.transactionHash] : [],
    )
    if (reverted.length > 0) {
      throw new Error(`devnet transactions reverted on chain ${chainId}: ${reverted.join(', ')}`)
    }
    return receipts
  }

  return { nextNonce, send, confirm }
}
