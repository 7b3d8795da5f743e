// Forwards a JSON-RPC request (single or batch) to a chain's upstream and gives back the
// upstream's JSON answer as text, untouched. Nothing is sent unless every method is on the
// chain's allow list.
import type { ChainUpstream } from '../config'
import { RpcMethodNotAllowedError, UpstreamError } from '../errors'
import { isAllowedRpcMethod } from './rpc-method-policy'
import type { UpstreamClient } from './upstream-client'

export interface JsonRpcRequest {
  jsonrpc: '2.0'
  method: string
  params?: unknown[] | Record<string, unknown>
  id?: string | number | null
}

export type JsonRpcPayload = JsonRpcRequest | JsonRpcRequest[]

function looksLikeJson(text: string): boolean {
  const first = text.trimStart()[0]
  return first === '{' || first === '['
}

export async function forwardJsonRpc(
  client: UpstreamClient,
  chain: ChainUpstream,
  payload: JsonRpcPayload,
): Promise<string> {
  const requests = Array.isArray(payload) ? payload : [payload]
  if (!requests.every((request) => isAllowedRpcMethod(chain.caipNetworkId, request.method))) {
    throw new RpcMethodNotAllowedError()
  }
  const answer = await client.postJson(chain.rpcUrl, JSON.stringify(payload))
  if (answer.status < 200 || answer.status > 299) {
    throw new UpstreamError(`status ${answer.status}`)
  }
  if (!looksLikeJson(answer.body)) throw new UpstreamError('the answer is not JSON')
  return answer.body
}
