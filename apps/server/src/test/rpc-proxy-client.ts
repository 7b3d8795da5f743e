// What the proxy's tests send: POST /v1 of a test server for a chain, a JSON-RPC request
// builder, and the check of an error answer's shape.
import { expect } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'

export function rpcProxyUrl(serverUrl: string, chainId: string): string {
  return `${serverUrl}/v1?${new URLSearchParams({ chainId, projectId: DEV_PROJECT_ID })}`
}

/** POSTs `body` (JSON-encoded unless already text) to the proxy of `chainId`. */
export function postRpc(serverUrl: string, chainId: string, body: unknown, init: RequestInit = {}) {
  return fetch(rpcProxyUrl(serverUrl, chainId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  })
}

export const rpcCall = (method: string, id: number | string = 1, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
})

/** The same request without an id: a notification. */
export const rpcNotification = (method: string, params: unknown[] = []) => ({
  jsonrpc: '2.0',
  method,
  params,
})

/** Expects `{ error: { code, message } }` with `status`; gives back the message. */
export async function expectErrorAnswer(
  response: Response,
  status: number,
  code: string,
  message?: string,
): Promise<string> {
  expect(response.status).toBe(status)
  const answer = (await response.json()) as { error: { code: string; message: string } }
  expect(answer.error.code).toBe(code)
  if (message !== undefined) expect(answer.error.message).toBe(message)
  return answer.error.message
}
