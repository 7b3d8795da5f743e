// JSON-RPC 2.0 framing of the relay socket. Request ids are echoed exactly as sent: the SDKs
// use 19-digit ids that a JSON number cannot hold, so the id's raw text is kept.

export const RELAY_ERROR = {
  parse: { code: -32700, message: 'Parse error' },
  invalidRequest: { code: -32600, message: 'Invalid request' },
  methodNotFound: { code: -32601, message: 'Method not found' },
  invalidParams: { code: -32602, message: 'Invalid params' },
  internal: { code: -32603, message: 'Internal error' },
  // Ours: refusals by the relay's limits.
  messageTooLarge: { code: -32010, message: 'Message too large' },
  tooManyTopics: { code: -32011, message: 'Too many topics' },
  tooManyRequests: { code: -32012, message: 'Too many requests' },
} as const

export type RelayErrorKind = keyof typeof RELAY_ERROR

export class RelayRpcError extends Error {
  override readonly name = 'RelayRpcError'
  readonly code: number
  constructor(
    readonly kind: RelayErrorKind,
    detail?: string,
  ) {
    super(detail ? `${RELAY_ERROR[kind].message}: ${detail}` : RELAY_ERROR[kind].message)
    this.code = RELAY_ERROR[kind].code
  }
}

export type IncomingFrame =
  | { kind: 'request'; rawId: string; method: string; params: unknown }
  /** A client's answer to one of our deliveries, whose ids are whole numbers. */
  | { kind: 'response'; id: number; ok: boolean }
  | { kind: 'invalid'; rawId: string; error: { code: number; message: string } }

/** The id's JSON text as it appears in the frame (digits beyond 2^53 survive). */
function rawIdOf(text: string, parsedId: unknown): string {
  if (typeof parsedId === 'number' && !Number.isSafeInteger(parsedId)) {
    const match = /"id"\s*:\s*(-?\d+)/.exec(text)
    if (match?.[1]) return match[1]
  }
  return JSON.stringify(parsedId ?? null)
}

export function parseFrame(text: string): IncomingFrame {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { kind: 'invalid', rawId: 'null', error: RELAY_ERROR.parse }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', rawId: 'null', error: RELAY_ERROR.invalidRequest }
  }
  const frame = value as Record<string, unknown>
  if (typeof frame.method === 'string') {
    if (typeof frame.id !== 'string' && typeof frame.id !== 'number') {
      return { kind: 'invalid', rawId: 'null', error: RELAY_ERROR.invalidRequest }
    }
    return {
      kind: 'request',
      rawId: rawIdOf(text, frame.id),
      method: frame.method,
      params: frame.params,
    }
  }
  if ('result' in frame || 'error' in frame) {
    return { kind: 'response', id: Number(frame.id), ok: frame.result === true }
  }
  return { kind: 'invalid', rawId: rawIdOf(text, frame.id), error: RELAY_ERROR.invalidRequest }
}

export function resultFrame(rawId: string, result: unknown): string {
  return `{"id":${rawId},"jsonrpc":"2.0","result":${JSON.stringify(result)}}`
}

export function errorFrame(rawId: string, error: { code: number; message: string }): string {
  return `{"id":${rawId},"jsonrpc":"2.0","error":${JSON.stringify({ code: error.code, message: error.message })}}`
}

/** An `irn_subscription` request; `dataJson` is the delivered data already serialised. */
export function subscriptionFrame(id: number, subscriptionId: string, dataJson: string): string {
  return `{"id":${id},"jsonrpc":"2.0","method":"irn_subscription","params":{"id":${JSON.stringify(subscriptionId)},"data":${dataJson}}}`
}
