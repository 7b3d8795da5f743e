// Forwards a caller's JSON-RPC (one request or a batch) to a chain's upstream. Each call goes
// under an id of our own, its index: a caller's id may be any JSON string or integer (one the
// node would round or refuse), and two calls may share one. The node's answers come back under
// the caller's ids as written, their result or error passed on as the node wrote them.
// Notifications are sent too (a raw transaction sent as one must still be sent) and never
// answered, as JSON-RPC 2.0 says; a body of notifications only has nothing to answer.

import { RpcMethodNotAllowedError, UpstreamError } from '../errors'
import type { ChainUpstream } from './chain-upstream'
import type { ProxiedCall, ProxiedPayload } from './json-rpc-payload'
import { rawArrayItems, rawObjectMembers } from './raw-json'
import { isAllowedRpcMethod } from './rpc-method-policy'
import type { UpstreamClient } from './upstream-client'

function upstreamRequest(call: ProxiedCall, index: number): string {
  const params = call.params === undefined ? '' : `,"params":${call.params}`
  return `{"jsonrpc":"2.0","id":${index},"method":${JSON.stringify(call.method)}${params}}`
}

/** The answer to the caller's `id`: the node's error if it has one, else its result. */
function answerText(id: string, members: ReadonlyMap<string, string>): string | undefined {
  const error = members.get('error')
  if (error !== undefined && error !== 'null')
    return `{"jsonrpc":"2.0","id":${id},"error":${error}}`
  const result = members.get('result')
  return result === undefined ? undefined : `{"jsonrpc":"2.0","id":${id},"result":${result}}`
}

function noAnswerText(id: string): string {
  return `{"jsonrpc":"2.0","id":${id},"error":{"code":-32603,"message":"The upstream did not answer this request"}}`
}

function parseAnswer(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    throw new UpstreamError('the answer is not JSON')
  }
}

function answerOne(id: string, body: string): string {
  const parsed = parseAnswer(body)
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new UpstreamError('the answer is not a JSON-RPC answer')
  }
  const answer = answerText(id, rawObjectMembers(body))
  if (answer === undefined) throw new UpstreamError('the answer is not a JSON-RPC answer')
  return answer
}

/** Our index -> the node's answer members, for the entries whose id is one of our indexes. */
function answersByIndex(body: string, count: number): Map<number, ReadonlyMap<string, string>> {
  const parsed = parseAnswer(body)
  if (!Array.isArray(parsed)) {
    // A node that refuses a batch as a whole answers one error object.
    const message = (parsed as { error?: { message?: unknown } } | null)?.error?.message
    throw new UpstreamError(typeof message === 'string' ? message : 'the answer is not a batch')
  }
  const byIndex = new Map<number, ReadonlyMap<string, string>>()
  rawArrayItems(body).forEach((raw, position) => {
    const id = (parsed[position] as { id?: unknown } | null)?.id
    if (typeof id === 'number' && Number.isInteger(id) && id >= 0 && id < count) {
      byIndex.set(id, rawObjectMembers(raw))
    }
  })
  return byIndex
}

function answerBatch(calls: readonly ProxiedCall[], body: string): string | undefined {
  const byIndex = answersByIndex(body, calls.length)
  const answers: string[] = []
  calls.forEach((call, index) => {
    if (call.id === undefined) return
    const members = byIndex.get(index)
    answers.push((members && answerText(call.id, members)) ?? noAnswerText(call.id))
  })
  return answers.length === 0 ? undefined : `[${answers.join(',')}]`
}

/**
 * Sends `payload` to the chain's upstream; the answer's JSON text, or undefined when every call
 * is a notification. Throws RpcMethodNotAllowedError, before sending anything, when a call's
 * method is not on the chain's allow list. The whole request is refused rather than that one
 * item answered with an error: nothing of a hostile batch reaches the node (no half-run batch
 * whose allowed calls went through), the caller reads our error shape with its code, and the
 * modal never batches a method outside the list, so no honest batch is lost.
 */
export async function forwardJsonRpc(
  client: UpstreamClient,
  chain: ChainUpstream,
  payload: ProxiedPayload,
): Promise<string | undefined> {
  const { calls, batch } = payload
  if (!calls.every((call) => isAllowedRpcMethod(chain.caipNetworkId, call.method))) {
    throw new RpcMethodNotAllowedError()
  }
  const requests = calls.map(upstreamRequest)
  const body = batch ? `[${requests.join(',')}]` : (requests[0] ?? '')
  if (calls.every((call) => call.id === undefined)) {
    // Not even a failure is reported for a notification; the node's answer is not read.
    await client.postJson(chain.rpcUrl, body).catch(() => undefined)
    return undefined
  }
  const answer = await client.postJson(chain.rpcUrl, body)
  if (answer.status < 200 || answer.status > 299) {
    throw new UpstreamError(`status ${answer.status}`)
  }
  const [first] = calls
  if (!batch && first?.id !== undefined) return answerOne(first.id, answer.body)
  return answerBatch(calls, answer.body)
}
