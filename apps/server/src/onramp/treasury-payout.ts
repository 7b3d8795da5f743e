// Pays bought coins from the treasury to the buyer, exactly once per order, restarts included.
//
// The order of steps is the guarantee: the transfer is signed, and the signed bytes and their
// hash are stored (status 'paying') BEFORE anything is broadcast. Whatever stops the process
// afterwards, the next start finds the order in 'paying' and looks its hash up on the chain:
// there, it waits for the receipt; absent, it broadcasts the same bytes again (same nonce, same
// hash: the chain takes them at most once). Only when the stored transaction can never land (its
// nonce was used by another transaction of the treasury and its hash is not on the chain) is a
// new one signed, and stored first again. Payouts run one at a time, so the treasury's nonces
// do not collide within a server; between servers the conditional UPDATEs of order-store.ts
// decide who pays, and a nonce taken by another server is the "can never land" case above.
//
// A destination that takes no coins (a contract without a payable receive) makes the gas
// estimate revert: the order ends 'failed' before anything is signed, so the treasury spends
// nothing on it. One whose transfer reverts on chain all the same ends 'failed' on the receipt.
import type { FastifyBaseLogger } from 'fastify'
import {
  type Address,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  parseTransaction,
  toHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { JsonRpcCallError, JsonRpcClient } from '../chains/json-rpc-client'
import type { ServerContext } from '../server-context'
import {
  ONRAMP_RECEIPT_POLL_MS,
  ONRAMP_RECEIPT_WAIT_MS,
  ONRAMP_TRANSFER_GAS,
} from './onramp-constants'
import type { OrderRow, OrderStore } from './order-store'

/** Ours: a payout that failed on the way (chain unreachable) is tried again after this long. */
const RETRY_DELAY_MS = 2_000
/** How often, in receipt polls, the wait asks whether the node still knows the transfer. */
const DROPPED_CHECK_EVERY_POLLS = 4

/** What a failed order says when the destination does not take the coins. */
export const UNDELIVERABLE_MESSAGE = 'The coins could not be delivered to this address'

/**
 * The chain's own verdict that a transfer to the address reverts (a contract without a payable
 * receive), as opposed to a chain that did not answer: only this ends an order as failed.
 */
function isRevert(error: unknown): boolean {
  return error instanceof JsonRpcCallError && (error.code === 3 || /revert/i.test(error.message))
}

/** The destination refuses the coins: nothing was signed, so nothing is sent. */
class RefusedByDestination extends Error {}

interface Receipt {
  status: Hex
}

export class PayoutWorker {
  readonly account: PrivateKeyAccount
  #queue: Promise<void> = Promise.resolve()
  readonly #queued = new Set<string>()
  readonly #timers = new Set<NodeJS.Timeout>()
  #closed = false

  constructor(
    readonly context: ServerContext,
    readonly store: OrderStore,
    treasuryKey: Hex,
    readonly log: FastifyBaseLogger,
  ) {
    this.account = privateKeyToAccount(treasuryKey)
  }

  get address(): Address {
    return this.account.address
  }

  /** Queues the order's payout (once, however often asked). */
  enqueue(orderId: string): void {
    if (this.#closed || this.#queued.has(orderId)) return
    this.#queued.add(orderId)
    this.#queue = this.#queue.then(async () => {
      try {
        await this.#payOut(orderId)
      } catch (error) {
        this.log.warn({ err: error, orderId }, 'onramp payout failed; retrying')
        this.#retryLater(orderId)
      } finally {
        this.#queued.delete(orderId)
      }
    })
  }

  /** Start: every order paid for whose coins are not confirmed yet. */
  async resumeUnfinished(): Promise<void> {
    for (const row of await this.store.unfinished()) this.enqueue(row.id)
  }

  /** Stops taking work and waits for the payout under way (it stops waiting for receipts). */
  async close(): Promise<void> {
    this.#closed = true
    for (const timer of this.#timers) clearTimeout(timer)
    await this.#queue
  }

  #retryLater(orderId: string): void {
    if (this.#closed) return
    const timer = setTimeout(() => {
      this.#timers.delete(timer)
      this.enqueue(orderId)
    }, RETRY_DELAY_MS)
    this.#timers.add(timer)
  }

  #rpc(row: OrderRow): JsonRpcClient {
    const chain = this.context.chains.resolve(`eip155:${row.chain_id}`)
    return new JsonRpcClient(this.context.upstream, chain)
  }

  async #payOut(orderId: string): Promise<void> {
    let row = await this.store.get(orderId)
    if (!row) return
    const rpc = this.#rpc(row)
    if (row.status === 'charged') {
      let signed: { raw: Hex; hash: Hex }
      try {
        signed = await this.#sign(rpc, row)
      } catch (error) {
        if (!(error instanceof RefusedByDestination)) throw error
        if (await this.store.failCharged(row.id, UNDELIVERABLE_MESSAGE))
          this.log.warn({ orderId }, 'onramp payout refused by its destination')
        return
      }
      if (!(await this.store.recordPayout(row.id, { status: 'charged' }, signed.raw, signed.hash)))
        return
      row = await this.store.get(orderId)
    }
    if (row?.status !== 'paying' || !row.raw_transaction || !row.tx_hash) return
    let { raw_transaction: raw, tx_hash: hash } = row
    if (!(await this.#onChain(rpc, hash))) {
      let sent: { raw: string; hash: string }
      try {
        sent = await this.#broadcast(rpc, row, raw, hash)
      } catch (error) {
        // The stored transfer can never land and a new one would revert: nothing was paid.
        if (!(error instanceof RefusedByDestination)) throw error
        await this.store.failPayout(row.id, hash, UNDELIVERABLE_MESSAGE)
        return
      }
      raw = sent.raw
      hash = sent.hash
    }
    const receipt = await this.#receipt(rpc, hash)
    if (!receipt) {
      // Closing (the next start picks it up), dropped by the node, or still pending after the
      // wait: ask again.
      this.#retryLater(orderId)
      return
    }
    if (receipt.status === '0x1') {
      // Another instance may have marked it first: one line per order across all of them.
      if (await this.store.markPaid(row.id, hash))
        this.log.info({ orderId, txHash: hash }, 'onramp order paid out')
    } else {
      await this.store.failPayout(row.id, hash, UNDELIVERABLE_MESSAGE)
    }
  }

  async #sign(rpc: JsonRpcClient, row: OrderRow): Promise<{ raw: Hex; hash: Hex }> {
    const to = row.destination as Address
    const value = BigInt(row.purchase_base_units ?? '0')
    const [nonce, gasPrice, gas] = await Promise.all([
      rpc.request<Hex>('eth_getTransactionCount', [this.address, 'pending']),
      rpc.request<Hex>('eth_gasPrice'),
      // A contract wallet may need more than a plain transfer's gas to take coins; one that
      // takes none makes the estimate revert, and no gas is spent finding that out.
      rpc.request<Hex>('eth_estimateGas', [{ from: this.address, to, value: toHex(value) }]).then(
        (estimate) =>
          BigInt(estimate) > ONRAMP_TRANSFER_GAS ? BigInt(estimate) : ONRAMP_TRANSFER_GAS,
        (error: unknown) => {
          throw isRevert(error) ? new RefusedByDestination() : error
        },
      ),
    ])
    const raw = await this.account.signTransaction({
      type: 'legacy',
      chainId: Number(row.chain_id),
      nonce: Number(BigInt(nonce)),
      to,
      value,
      gas,
      // Headroom so a rebroadcast after a restart is not under-priced.
      gasPrice: (BigInt(gasPrice) * 3n) / 2n,
    })
    return { raw, hash: keccak256(raw) }
  }

  async #onChain(rpc: JsonRpcClient, hash: string): Promise<boolean> {
    return (await rpc.request<unknown>('eth_getTransactionByHash', [hash])) !== null
  }

  /** Sends the stored bytes; signs anew (stored first) only if they can never land. */
  async #broadcast(
    rpc: JsonRpcClient,
    row: OrderRow,
    raw: string,
    hash: string,
  ): Promise<{ raw: string; hash: string }> {
    try {
      await rpc.request('eth_sendRawTransaction', [raw])
      return { raw, hash }
    } catch (error) {
      if (!(error instanceof JsonRpcCallError)) throw error
      if (await this.#onChain(rpc, hash)) return { raw, hash }
      const used = BigInt(
        await rpc.request<Hex>('eth_getTransactionCount', [this.address, 'latest']),
      )
      const nonce = parseTransaction(raw as Hex).nonce ?? 0
      if (used <= BigInt(nonce)) throw error
      const signed = await this.#sign(rpc, row)
      const stored = await this.store.recordPayout(
        row.id,
        { status: 'paying', txHash: hash },
        signed.raw,
        signed.hash,
      )
      if (!stored) throw error
      this.log.warn(
        { orderId: row.id, replaced: hash, txHash: signed.hash },
        'onramp payout re-signed',
      )
      await rpc.request('eth_sendRawTransaction', [signed.raw])
      return signed
    }
  }

  /**
   * Waits for the transfer's receipt. A transfer the node no longer knows (dropped from its pool,
   * or a chain rolled back under it) ends the wait at once: the retry sends the stored bytes
   * again rather than hold every later order behind a receipt that can never come.
   */
  async #receipt(rpc: JsonRpcClient, hash: string): Promise<Receipt | undefined> {
    const deadline = Date.now() + ONRAMP_RECEIPT_WAIT_MS
    for (let poll = 1; !this.#closed && Date.now() < deadline; poll++) {
      const receipt = await rpc.request<Receipt | null>('eth_getTransactionReceipt', [hash])
      if (receipt) return receipt
      if (poll % DROPPED_CHECK_EVERY_POLLS === 0 && !(await this.#onChain(rpc, hash)))
        return undefined
      await new Promise((resolve) => setTimeout(resolve, ONRAMP_RECEIPT_POLL_MS))
    }
    return undefined
  }
}
