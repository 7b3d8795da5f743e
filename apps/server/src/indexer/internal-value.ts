// Native coin a contract sends on inside a transaction (an internal call with value), for the
// one case an account's activity misses it most: a swap paying out ETH, where the router
// unwraps WETH (WETH9's `Withdrawal` event) and then calls the account with the ETH. Without it
// a USDC -> ETH swap reads as a plain USDC send. Only transactions with such an event are
// traced (debug_traceTransaction, callTracer), so the cost stays with them; a node without
// tracing gives no internal transfers and the rest is indexed as before.
import type { JsonRpcClient } from '../chains/json-rpc-client'

/** keccak256('Withdrawal(address,uint256)'): WETH9 unwrapping into native coin. */
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/**
 * Internal transfers are stored after the transaction's logs, in call order: their log index
 * is this plus their position (a log index never comes near it), so a trade reads in the order
 * it paid: the token out first, the coin in after.
 */
export const INTERNAL_TRANSFER_LOG_INDEX = 1_000_000

export interface InternalTransfer {
  from: string
  to: string
  amount: bigint
}

interface CallFrame {
  type?: string
  from?: string
  to?: string
  value?: string
  error?: string
  calls?: CallFrame[]
}

/** The value-carrying calls under the top frame, in order; a call that failed moved nothing. */
export function internalTransfersOf(top: CallFrame): InternalTransfer[] {
  const found: InternalTransfer[] = []
  const walk = (frame: CallFrame) => {
    for (const call of frame.calls ?? []) {
      if (call.error !== undefined) continue
      const amount = call.value ? BigInt(call.value) : 0n
      if (call.type === 'CALL' && amount > 0n && call.from && call.to) {
        found.push({ from: call.from.toLowerCase(), to: call.to.toLowerCase(), amount })
      }
      walk(call)
    }
  }
  walk(top)
  return found
}

/** Each transaction's internal transfers, by lowercase hash; none for a trace that failed. */
export async function readInternalTransfers(
  rpc: JsonRpcClient,
  hashes: readonly string[],
): Promise<Map<string, InternalTransfer[]>> {
  const found = new Map<string, InternalTransfer[]>()
  if (hashes.length === 0) return found
  const outcomes = await rpc.batchSettled(
    hashes.map((hash) => ({
      method: 'debug_traceTransaction',
      params: [hash, { tracer: 'callTracer' }],
    })),
  )
  outcomes.forEach((outcome, index) => {
    if (!outcome.ok || typeof outcome.result !== 'object' || outcome.result === null) return
    found.set(hashes[index] as string, internalTransfersOf(outcome.result as CallFrame))
  })
  return found
}
