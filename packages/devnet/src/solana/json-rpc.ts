// One JSON-RPC request body (single or batch) in, the response body out.

import { INVALID_REQUEST, PARSE_ERROR, SolanaRpcError } from './rpc-error'
import { callMethod } from './rpc-methods'
import type { SolanaLedger } from './solana-ledger'

type Id = string | number | null

export interface JsonRpcResponse {
  jsonrpc: '2.0'
  id: Id
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function errorResponse(id: Id, error: unknown): JsonRpcResponse {
  if (error instanceof SolanaRpcError) {
    return {
      jsonrpc: '2.0',
      id,
      error: {
        code: error.code,
        message: error.message,
        ...(error.data === undefined ? {} : { data: error.data }),
      },
    }
  }
  const message = error instanceof Error ? error.message : String(error)
  return { jsonrpc: '2.0', id, error: { code: -32603, message: `Internal error: ${message}` } }
}

function readId(value: unknown): Id {
  return typeof value === 'string' || typeof value === 'number' ? value : null
}

export function handleRequest(ledger: SolanaLedger, request: unknown): JsonRpcResponse {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) {
    return errorResponse(null, new SolanaRpcError(INVALID_REQUEST, 'Invalid request'))
  }
  const { id, method, params } = request as Record<string, unknown>
  if (typeof method !== 'string' || (params !== undefined && !Array.isArray(params))) {
    return errorResponse(readId(id), new SolanaRpcError(INVALID_REQUEST, 'Invalid request'))
  }
  try {
    return { jsonrpc: '2.0', id: readId(id), result: callMethod(ledger, method, params ?? []) }
  } catch (error) {
    return errorResponse(readId(id), error)
  }
}

export function handleBody(
  ledger: SolanaLedger,
  body: string,
): JsonRpcResponse | JsonRpcResponse[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return errorResponse(null, new SolanaRpcError(PARSE_ERROR, 'Parse error'))
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0)
      return errorResponse(null, new SolanaRpcError(INVALID_REQUEST, 'Invalid request'))
    return parsed.map((request) => handleRequest(ledger, request))
  }
  return handleRequest(ledger, parsed)
}
