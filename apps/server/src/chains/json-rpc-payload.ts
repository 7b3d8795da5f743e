// A caller's JSON-RPC body (one request or a batch), checked against JSON-RPC 2.0 (the shape:
// @portico/protocol's RpcProxyBody, held equal to this reader by json-rpc-payload.test.ts) and our
// limits and kept as raw text where it is passed on: the id is echoed exactly as written (an
// id of 12345678901234567890 is not a safe JavaScript number) and the params reach the node
// byte for byte. Anything wrong refuses the whole body with a 400: the caller sent a body no
// JSON-RPC server could read, and answering part of it would hide that.
import { JsonRpcRequest, RPC_METHOD_MAX_LENGTH } from '@portico/protocol/rpc-proxy'
import { RPC_BATCH_LIMIT, RPC_PARAMS_MAX_DEPTH } from '../constants'
import { InvalidRequestError } from '../errors'
import { nestsDeeperThan, rawArrayItems, rawObjectMembers } from './raw-json'
import { rpcParamsLimitBytes } from './rpc-method-policy'

export interface ProxiedCall {
  method: string
  /** The params' JSON text as sent; undefined when the request has none. */
  params: string | undefined
  /** The id's JSON text as sent; undefined for a notification (no answer is due). */
  id: string | undefined
}

export interface ProxiedPayload {
  /** Sent as an array: answered with an array (of the calls that are not notifications). */
  batch: boolean
  calls: ProxiedCall[]
}

/** The members @portico/protocol's JsonRpcRequest declares; any other is refused. */
const MEMBERS: ReadonlySet<string> = new Set(Object.keys(JsonRpcRequest.properties))

function refuse(detail: string): never {
  throw new InvalidRequestError(`Invalid request: ${detail}`)
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isValidId(id: unknown): boolean {
  return id === null || typeof id === 'string' || Number.isInteger(id)
}

function readCall(value: unknown, raw: string, where: string): ProxiedCall {
  if (!isObject(value)) refuse(`${where} must be an object`)
  const unknown = Object.keys(value).find((key) => !MEMBERS.has(key))
  if (unknown !== undefined) refuse(`${where} has an unknown member ${JSON.stringify(unknown)}`)
  if (value.jsonrpc !== '2.0') refuse(`${where}: jsonrpc must be "2.0"`)
  const { method } = value
  if (typeof method !== 'string' || method.length === 0 || method.length > RPC_METHOD_MAX_LENGTH) {
    refuse(`${where}: method must be a string of 1 to ${RPC_METHOD_MAX_LENGTH} characters`)
  }
  if ('params' in value && (value.params === null || typeof value.params !== 'object')) {
    refuse(`${where}: params must be an array or an object`)
  }
  if ('id' in value && !isValidId(value.id)) {
    refuse(`${where}: id must be a string, an integer or null`)
  }
  const members = rawObjectMembers(raw)
  const params = members.get('params')
  if (params !== undefined) {
    if (nestsDeeperThan(params, RPC_PARAMS_MAX_DEPTH)) {
      refuse(`${where}: params nest deeper than ${RPC_PARAMS_MAX_DEPTH} levels`)
    }
    const limit = rpcParamsLimitBytes(method)
    if (Buffer.byteLength(params) > limit) {
      refuse(`${where}: params are larger than ${limit} bytes`)
    }
  }
  return { method, params, id: members.get('id') }
}

/** Reads a caller's body; throws InvalidRequestError (400) for anything JSON-RPC 2.0 refuses. */
export function readJsonRpcPayload(text: string): ProxiedPayload {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    refuse('the body is not valid JSON')
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0 || parsed.length > RPC_BATCH_LIMIT) {
      refuse(`a batch holds 1 to ${RPC_BATCH_LIMIT} requests`)
    }
    const raws = rawArrayItems(text)
    const calls = parsed.map((value, index) =>
      readCall(value, raws[index] ?? '', `request ${index}`),
    )
    return { batch: true, calls }
  }
  if (!isObject(parsed)) refuse('the body must be a JSON-RPC request or a batch of them')
  return { batch: false, calls: [readCall(parsed, text, 'the request')] }
}
