// Reads (and raw transactions) go to our server's RPC proxy for the request's chain:
// `POST {apiUrl}/v1?chainId=eip155:N&projectId=...` with a JSON-RPC body. A JSON-RPC error is
// passed on with its message and code. The query and the answers are the protocol's.

import type { ErrorAnswer } from '@portico/protocol/error-answer'
import { RPC_PROXY_PATH } from '@portico/protocol/route-paths'
import type { JsonRpcAnswer, RpcProxyQuery } from '@portico/protocol/rpc-proxy'
import { FrameRequestError, GENERIC_ERROR_MESSAGE } from './frame-error'

export type RpcRead = (chainId: number, method: string, params?: unknown) => Promise<unknown>

export function createRpcProxy(
  apiUrl: string,
  projectId: string,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): RpcRead {
  let nextId = 1
  return async (chainId, method, params) => {
    // A key renamed in the protocol fails to compile here as in the server's route.
    const query = { chainId: `eip155:${chainId}`, projectId } satisfies RpcProxyQuery
    const text = Object.entries(query).map(([name, value]) => `${name}=${value}`)
    const url = `${apiUrl}${RPC_PROXY_PATH}?${text.join('&')}`
    // One request gets one answer; the proxy's own refusal (an unknown chain or project) is the
    // server's error shape, whose code is a string.
    let answer: JsonRpcAnswer | ErrorAnswer
    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      })
      answer = (await response.json()) as JsonRpcAnswer | ErrorAnswer
    } catch {
      throw new FrameRequestError(GENERIC_ERROR_MESSAGE)
    }
    // Read field by field all the same: the body is whatever came over the wire.
    if ('error' in answer && answer.error) {
      const { message, code } = answer.error
      throw new FrameRequestError(
        typeof message === 'string' && message !== '' ? message : GENERIC_ERROR_MESSAGE,
        typeof code === 'number' ? code : undefined,
      )
    }
    // A proxy refusal in the server's error shape lands above.
    if (!('result' in answer)) throw new FrameRequestError(GENERIC_ERROR_MESSAGE)
    return answer.result
  }
}
