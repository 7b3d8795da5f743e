// The chain reads the convert routes make besides pool reserves (uniswap-v2-quoter.ts): gas
// price, the latest block's time, an allowance, a gas estimate. Through the server's one
// upstream client, batched where a route needs several at once.
import { type Address, encodeFunctionData, erc20Abi, type Hex, toHex } from 'viem'
import type { ChainUpstream } from '../chains/chain-upstream'
import { type JsonRpcOutcome, sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { UpstreamError } from '../errors'
import { decodeQuantity, decodeUint256, ethCall } from '../tokens/evm-calls'

function required(value: bigint | undefined, what: string): bigint {
  if (value === undefined) throw new UpstreamError(`no ${what} in the answer`)
  return value
}

/** Wei per gas, as the chain prices a transaction now. */
export async function readGasPrice(upstream: UpstreamClient, chain: ChainUpstream) {
  const [price] = await sendJsonRpcBatch(upstream, chain, [{ method: 'eth_gasPrice', params: [] }])
  return required(decodeQuantity(price), 'gas price')
}

function blockTimestamp(outcome: JsonRpcOutcome | undefined): bigint | undefined {
  if (!outcome?.ok || typeof outcome.result !== 'object' || outcome.result === null) return
  const { timestamp } = outcome.result as { timestamp?: unknown }
  return decodeQuantity({ ok: true, result: timestamp })
}

/** The gas price and the latest block's timestamp (seconds), in one batch. */
export async function readGasPriceAndTime(upstream: UpstreamClient, chain: ChainUpstream) {
  const [price, block] = await sendJsonRpcBatch(upstream, chain, [
    { method: 'eth_gasPrice', params: [] },
    { method: 'eth_getBlockByNumber', params: ['latest', false] },
  ])
  return {
    gasPrice: required(decodeQuantity(price), 'gas price'),
    timestamp: required(blockTimestamp(block), 'block timestamp'),
  }
}

export async function readAllowance(
  upstream: UpstreamClient,
  chain: ChainUpstream,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'allowance',
    args: [owner, spender],
  })
  const [answer] = await sendJsonRpcBatch(upstream, chain, [ethCall(token, data)])
  return required(decodeUint256(answer), 'allowance')
}

export type GasEstimate = { ok: true; gas: bigint } | { ok: false; reason: string }

/** eth_estimateGas of a transaction from the user; a revert is an answer, not a failure. */
export async function estimateGas(
  upstream: UpstreamClient,
  chain: ChainUpstream,
  tx: { from: Address; to: Address; data: Hex; value: bigint },
): Promise<GasEstimate> {
  const [answer] = await sendJsonRpcBatch(upstream, chain, [
    {
      method: 'eth_estimateGas',
      params: [{ from: tx.from, to: tx.to, data: tx.data, value: toHex(tx.value) }],
    },
  ])
  if (answer && !answer.ok) return { ok: false, reason: answer.message.slice(0, 200) }
  return { ok: true, gas: required(decodeQuantity(answer), 'gas estimate') }
}
