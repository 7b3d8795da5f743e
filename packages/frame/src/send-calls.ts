// wallet_sendCalls (EIP-5792) for a plain EOA: the calls go out one after the other as ordinary
// transactions (no atomicity, so a request that requires it is refused with 5760), and
// wallet_getCallsStatus reads their receipts back. Bundles are remembered for the page's life.
import { type Hex, isHex, type LocalAccount, numberToHex } from 'viem'
import { readChainId } from './chain-rules'
import { FrameRequestError } from './frame-error'
import { readTransaction, sendTransaction, type TransactionParams } from './not-safe-actions'
import type { RpcRead } from './rpc-proxy'

export interface CallsBundle {
  chainId: number
  hashes: Hex[]
}

export interface CallsRequest {
  from: unknown
  calls: TransactionParams[]
}

const MAX_CALLS = 32

export function readCalls(params: unknown, chainId: number): CallsRequest {
  const request = Array.isArray(params) ? params[0] : undefined
  if (typeof request !== 'object' || request === null) {
    throw new FrameRequestError('wallet_sendCalls needs a request object', -32602)
  }
  const { calls, atomicRequired, chainId: requested, from } = request as Record<string, unknown>
  if (atomicRequired === true) throw new FrameRequestError('Atomicity is not supported', 5760)
  if (requested !== undefined && readChainId(requested) !== chainId) {
    throw new FrameRequestError('The calls are for another chain', 5710)
  }
  if (!Array.isArray(calls) || calls.length === 0) {
    throw new FrameRequestError('wallet_sendCalls needs calls', -32602)
  }
  if (calls.length > MAX_CALLS) throw new FrameRequestError('Too many calls', 5740)
  return { from, calls: calls.map((call) => readTransaction([call], chainId)) }
}

/**
 * wallet_getCapabilities (EIP-5792): for each chain asked about (params[1], else the current
 * one) atomic batches are 'unsupported', so a dapp knows before it sends that its calls will go
 * one by one. No paymaster or permissions capability: a plain EOA.
 */
export function capabilities(params: unknown, chainId: number): Record<Hex, unknown> {
  const asked = Array.isArray(params) ? params[1] : undefined
  if (asked !== undefined && !Array.isArray(asked)) {
    throw new FrameRequestError('wallet_getCapabilities takes a list of chain ids', -32602)
  }
  const chainIds = (asked ?? [numberToHex(chainId)]) as unknown[]
  const answer: Record<Hex, unknown> = {}
  for (const id of chainIds) {
    if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{1,14}$/.test(id)) {
      throw new FrameRequestError('wallet_getCapabilities takes hex chain ids', -32602)
    }
    answer[numberToHex(Number.parseInt(id, 16))] = { atomic: { status: 'unsupported' } }
  }
  return answer
}

/** Sends the calls in order; answers the bundle id. */
export async function sendCalls(
  account: LocalAccount,
  chainId: number,
  request: CallsRequest,
  read: RpcRead,
  bundles: Map<string, CallsBundle>,
): Promise<{ id: string }> {
  const hashes: Hex[] = []
  for (const call of request.calls) {
    hashes.push(await sendTransaction(account, chainId, { ...call, from: account.address }, read))
  }
  const bytes = new Uint8Array(32)
  globalThis.crypto.getRandomValues(bytes)
  const id = `0x${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`
  bundles.set(id, { chainId, hashes })
  return { id }
}

interface Receipt {
  status?: string
}

/** EIP-5792 statuses: 100 pending, 200 confirmed, 500 reverted, 600 partly reverted. */
export async function callsStatus(
  params: unknown,
  read: RpcRead,
  bundles: Map<string, CallsBundle>,
): Promise<unknown> {
  const id = Array.isArray(params) ? params[0] : undefined
  const bundle = typeof id === 'string' && isHex(id) ? bundles.get(id) : undefined
  if (!bundle) throw new FrameRequestError('Unknown bundle id', 5730)
  const receipts = (await Promise.all(
    bundle.hashes.map((hash) => read(bundle.chainId, 'eth_getTransactionReceipt', [hash])),
  )) as (Receipt | null)[]
  const done = receipts.filter((receipt): receipt is Receipt => receipt !== null)
  const failed = done.filter((receipt) => receipt.status !== '0x1').length
  const status =
    done.length < receipts.length ? 100 : failed === 0 ? 200 : failed === done.length ? 500 : 600
  return {
    version: '2.0.0',
    id,
    chainId: numberToHex(bundle.chainId),
    status,
    atomic: false,
    ...(status === 100 ? {} : { receipts: done }),
  }
}
