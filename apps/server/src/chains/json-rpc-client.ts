// One chain's JSON-RPC, for the server's own reads (the indexer): single calls that give back
// their `result`, and batches (json-rpc-batch.ts). Retries, time-outs and transport errors stay
// the UpstreamClient's; an error answer to a call throws JsonRpcCallError.

import { UpstreamError } from '../errors'
import type { ChainUpstream } from './chain-upstream'
import { type JsonRpcCall, type JsonRpcOutcome, sendJsonRpcBatch } from './json-rpc-batch'
import type { UpstreamClient } from './upstream-client'

/** An error the node answered for one call (`{ error: { code, message } }`). */
export class JsonRpcCallError extends Error {
  override readonly name = 'JsonRpcCallError'
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

interface JsonRpcAnswer {
  result?: unknown
  error?: { code?: unknown; message?: unknown } | null
}

export class JsonRpcClient {
  constructor(
    readonly upstream: UpstreamClient,
    readonly chain: ChainUpstream,
  ) {}

  /** One call; its `result`, or JsonRpcCallError for an error answer. */
  async request<T = unknown>(method: string, params: readonly unknown[] = []): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
    const answer = await this.upstream.postJson(this.chain.rpcUrl, body)
    if (answer.status < 200 || answer.status > 299) {
      throw new UpstreamError(`status ${answer.status}`)
    }
    let parsed: JsonRpcAnswer
    try {
      parsed = JSON.parse(answer.body)
    } catch {
      throw new UpstreamError('the answer is not JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new UpstreamError('the answer is not a JSON-RPC answer')
    }
    if (parsed.error) {
      const { code, message } = parsed.error
      throw new JsonRpcCallError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : 'error',
      )
    }
    if (!('result' in parsed)) throw new UpstreamError('the answer has no result')
    return parsed.result as T
  }

  /** Every call's outcome, in the order of `calls`. */
  batchSettled(calls: readonly JsonRpcCall[]): Promise<JsonRpcOutcome[]> {
    return sendJsonRpcBatch(this.upstream, this.chain, calls)
  }

  /** Every call's result, in order; the first error answer throws JsonRpcCallError. */
  async batch<T = unknown>(calls: readonly JsonRpcCall[]): Promise<T[]> {
    const outcomes = await this.batchSettled(calls)
    return outcomes.map((outcome) => {
      if (!outcome.ok) throw new JsonRpcCallError(outcome.code, outcome.message)
      return outcome.result as T
    })
  }
}
