// Reads from a chain as JSON-RPC batches: many calls in one HTTP request (no multicall
// contract needed), answers matched by id and given back in the order of the calls. Batches
// larger than RPC_BATCH_LIMIT are split and sent together. Transport failures, a non-2xx
// status or an answer that is not a batch throw (UpstreamError, UpstreamTimeoutError); one
// call's JSON-RPC error is that call's outcome, not a failure of the batch.

import { RPC_BATCH_LIMIT } from '../constants'
import { UpstreamError } from '../errors'
import type { ChainUpstream } from './chain-upstream'
import type { UpstreamClient } from './upstream-client'

export interface JsonRpcCall {
  method: string
  params: readonly unknown[]
}

export type JsonRpcOutcome =
  | { ok: true; result: unknown }
  | { ok: false; code: number; message: string }

interface JsonRpcAnswer {
  id?: unknown
  result?: unknown
  error?: { code?: unknown; message?: unknown }
}

const NO_ANSWER: JsonRpcOutcome = { ok: false, code: -32603, message: 'no answer in the batch' }

function outcomeOf(answer: JsonRpcAnswer): JsonRpcOutcome {
  if (answer.error !== undefined && answer.error !== null) {
    const { code, message } = answer.error
    return {
      ok: false,
      code: typeof code === 'number' ? code : -32603,
      message: typeof message === 'string' ? message : 'error',
    }
  }
  return 'result' in answer ? { ok: true, result: answer.result } : NO_ANSWER
}

async function sendChunk(
  client: UpstreamClient,
  chain: ChainUpstream,
  calls: readonly JsonRpcCall[],
): Promise<JsonRpcOutcome[]> {
  const body = JSON.stringify(
    calls.map((call, id) => ({ jsonrpc: '2.0', id, method: call.method, params: call.params })),
  )
  const answer = await client.postJson(chain.rpcUrl, body)
  if (answer.status < 200 || answer.status > 299) {
    throw new UpstreamError(`status ${answer.status}`)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.body)
  } catch {
    throw new UpstreamError('the answer is not JSON')
  }
  if (!Array.isArray(parsed)) {
    // A node that refuses a batch as a whole answers one error object.
    const refusal = outcomeOf((parsed ?? {}) as JsonRpcAnswer)
    throw new UpstreamError(refusal.ok ? 'the answer is not a batch' : refusal.message)
  }
  const outcomes: JsonRpcOutcome[] = calls.map(() => NO_ANSWER)
  for (const entry of parsed as JsonRpcAnswer[]) {
    if (typeof entry !== 'object' || entry === null) continue
    const { id } = entry
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < calls.length) {
      outcomes[id] = outcomeOf(entry)
    }
  }
  return outcomes
}

/** Sends `calls` as JSON-RPC batches; outcome `i` answers call `i`. */
export async function sendJsonRpcBatch(
  client: UpstreamClient,
  chain: ChainUpstream,
  calls: readonly JsonRpcCall[],
): Promise<JsonRpcOutcome[]> {
  if (calls.length === 0) return []
  const chunks: JsonRpcCall[][] = []
  for (let start = 0; start < calls.length; start += RPC_BATCH_LIMIT) {
    chunks.push(calls.slice(start, start + RPC_BATCH_LIMIT))
  }
  const answers = await Promise.all(chunks.map((chunk) => sendChunk(client, chain, chunk)))
  return answers.flat()
}
