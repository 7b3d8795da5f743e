// Reads (and raw transactions) go to our server's RPC proxy for the request's chain:
// `POST {apiUrl}/v1?chainId=eip155:N&projectId=...` with a JSON-RPC body. A JSON-RPC error is
// passed on with its message and code.
import { FrameRequestError, GENERIC_ERROR_MESSAGE } from './frameError'

export type RpcRead = (chainId: number, method: string, params?: unknown) => Promise<unknown>

interface JsonRpcAnswer {
  result?: unknown
  error?: { code?: unknown; message?: unknown }
}

export function createRpcProxy(
  apiUrl: string,
  projectId: string,
  fetchFn: typeof fetch = globalThis.fetch.bind(globalThis),
): RpcRead {
  let nextId = 1
  return async (chainId, method, params) => {
    const url = `${apiUrl}/v1?chainId=eip155:${chainId}&projectId=${projectId}`
    let answer: JsonRpcAnswer
    try {
      const response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: params ?? [] }),
      })
      answer = (await response.json()) as JsonRpcAnswer
    } catch {
      throw new FrameRequestError(GENERIC_ERROR_MESSAGE)
    }
    if (answer.error) {
      const { message, code } = answer.error
      throw new FrameRequestError(
        typeof message === 'string' && message !== '' ? message : GENERIC_ERROR_MESSAGE,
        typeof code === 'number' ? code : undefined,
      )
    }
    // A proxy refusal in the server's error shape ({ error: { code, message } }) lands above.
    if (!('result' in answer)) throw new FrameRequestError(GENERIC_ERROR_MESSAGE)
    return answer.result
  }
}
