// The chain behind our Solana JSON-RPC: litesvm executes, this keeps what a validator adds on
// top. Slots advance on a clock, each with a fresh blockhash; a blockhash is good for
// MAX_PROCESSING_AGE slots after its own (as on a validator, 150), then transactions that carry
// it are refused with BlockhashNotFound. litesvm's own check accepts only its newest blockhash,
// so it is switched off and the window is checked here. Statuses of processed signatures are
// kept for getSignatureStatuses and the subscriptions.
import {
  type Address,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit'
import { LiteSVM } from 'litesvm'
import {
  type ExecutionResult,
  executionError,
  type TransactionErrorJson,
} from './transaction-error'

export const MAX_PROCESSING_AGE = 150
/** How many old blockhashes are remembered for isBlockhashValid beyond the valid window. */
const BLOCKHASH_MEMORY = MAX_PROCESSING_AGE * 2

export interface SignatureStatus {
  slot: bigint
  err: TransactionErrorJson | null
}

export interface DecodedTransaction {
  transaction: Transaction
  signature: string
  blockhash: string
  signerCount: number
}

export interface LedgerEvents {
  slot(slot: bigint): void
  /** A transaction or airdrop was committed; accounts may have changed. */
  committed(signature: string, status: SignatureStatus): void
}

const transactionDecoder = getTransactionDecoder()
const messageDecoder = getCompiledTransactionMessageDecoder()
const base58 = getBase58Decoder()

export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  const transaction = transactionDecoder.decode(bytes)
  const message = messageDecoder.decode(transaction.messageBytes)
  const firstSignature = Object.values(transaction.signatures)[0]
  return {
    transaction,
    signature: firstSignature ? base58.decode(firstSignature) : base58.decode(new Uint8Array(64)),
    blockhash: message.lifetimeToken,
    signerCount: message.header.numSignerAccounts,
  }
}

export class SolanaLedger {
  readonly svm: LiteSVM
  private currentSlot = 0n
  private readonly blockhashSlots = new Map<string, bigint>()
  private readonly statuses = new Map<string, SignatureStatus>()
  private readonly listeners = new Set<Partial<LedgerEvents>>()

  constructor() {
    this.svm = new LiteSVM().withBlockhashCheck(false)
    this.rememberBlockhash()
  }

  get slot(): bigint {
    return this.currentSlot
  }

  /** Block height equals the slot: the local chain skips no slots. */
  get blockHeight(): bigint {
    return this.currentSlot
  }

  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.currentSlot + BigInt(MAX_PROCESSING_AGE) }
  }

  isBlockhashValid(blockhash: string): boolean {
    const made = this.blockhashSlots.get(blockhash)
    return made !== undefined && this.currentSlot - made <= BigInt(MAX_PROCESSING_AGE)
  }

  /** Moves to the next slot: a new blockhash, the clock sysvar at wall time. */
  advanceSlot(): void {
    this.currentSlot += 1n
    this.svm.warpToSlot(this.currentSlot)
    const clock = this.svm.getClock()
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
    this.svm.expireBlockhash()
    this.rememberBlockhash()
    for (const listener of this.listeners) listener.slot?.(this.currentSlot)
  }

  private rememberBlockhash(): void {
    this.blockhashSlots.set(this.svm.latestBlockhash(), this.currentSlot)
    for (const [hash, slot] of this.blockhashSlots) {
      if (this.currentSlot - slot <= BigInt(BLOCKHASH_MEMORY)) break
      this.blockhashSlots.delete(hash)
    }
  }

  /** Transactions (and airdrops) processed since genesis, failed ones included. */
  get transactionCount(): bigint {
    return BigInt(this.statuses.size)
  }

  status(signature: string): SignatureStatus | null {
    return this.statuses.get(signature) ?? null
  }

  simulate(
    transaction: Transaction,
    sigVerify: boolean,
  ): ReturnType<LiteSVM['simulateTransaction']> {
    if (sigVerify) return this.svm.simulateTransaction(transaction)
    this.svm.withSigverify(false)
    try {
      return this.svm.simulateTransaction(transaction)
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /** Executes and commits; the caller has checked the blockhash. */
  execute(decoded: DecodedTransaction): SignatureStatus {
    return this.commit(decoded.signature, this.svm.sendTransaction(decoded.transaction))
  }

  airdrop(address: Address, lamports: bigint): { signature: string; status: SignatureStatus } {
    const result = this.svm.airdrop(address, lamports as Parameters<LiteSVM['airdrop']>[1])
    if (!result) throw new Error('the airdrop was not processed')
    const meta = 'meta' in result ? result.meta() : result
    const signature = base58.decode(meta.signature())
    return { signature, status: this.commit(signature, result) }
  }

  private commit(signature: string, result: ExecutionResult): SignatureStatus {
    const status = { slot: this.currentSlot, err: executionError(result) }
    this.statuses.set(signature, status)
    for (const listener of this.listeners) listener.committed?.(signature, status)
    return status
  }

  on(listener: Partial<LedgerEvents>): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
