// JSON-RPC 2.0 framing of the relay socket (frames and error codes: @portico/protocol's
// relay-frames.ts). Request ids are echoed exactly as sent: the SDKs use 19-digit ids that a JSON
// number cannot hold, so the id's raw text is kept.

import { RELAY_MAX_STRING_ID_CHARS, RELAY_NUMERIC_ID_BELOW } from '@portico/protocol/relay-bounds'
import { RELAY_ERROR, type RelayErrorKind } from '@portico/protocol/relay-frames'

/**
 * Close codes the relay sends (RFC 6455). ws closes by itself with 1009 for a frame over
 * maxPayload and 1007 for text that is not UTF-8.
 */
export const RELAY_CLOSE = {
  /** A binary frame: the protocol is JSON text. */
  unsupportedData: { code: 1003, reason: 'Binary frames are not part of the protocol' },
  /** The client left more than the relay's limit of answers unread. */
  tooMuchUnread: { code: 1008, reason: 'Too much unread data' },
  /** The client went on asking past its rate (limits.refusalsPerSocketPerSecond refusals). */
  tooManyRefusals: { code: 1008, reason: 'Too many refused requests' },
  /**
   * While its address waited for the next second's publish budget, the socket had more frames
   * than one read and the largest frame (see RelaySocket): no client waiting for answers does.
   */
  tooMuchWaiting: { code: 1008, reason: 'Too much sent while waiting for the rate' },
} as const

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

/** The digits of a numeric `id` member; linear, nothing to backtrack over. */
const NUMERIC_ID = /"id"\s*:\s*([1-9]\d{0,18})(?![\d.eE])/

/**
 * The id's JSON text, or undefined when it is not one the relay takes: a positive whole number
 * of at most 19 digits (past 2^53 its digits are read from the frame's text, as JSON.parse
 * rounds them; an ambiguous text is refused), or a non-empty string of at most 64 characters.
 */
function rawIdOf(text: string, id: unknown): string | undefined {
  if (typeof id === 'string') {
    return id.length > 0 && id.length <= RELAY_MAX_STRING_ID_CHARS ? JSON.stringify(id) : undefined
  }
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return undefined
  if (Number.isSafeInteger(id)) return String(id)
  if (id >= RELAY_NUMERIC_ID_BELOW) return undefined
  // Read from the text only when "id" occurs once, and only if its digits are the parsed value.
  const first = text.indexOf('"id"')
  if (first === -1 || text.indexOf('"id"', first + 4) !== -1) return undefined
  const digits = NUMERIC_ID.exec(text)?.[1]
  return digits !== undefined && Number(digits) === id ? digits : undefined
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
    const rawId = rawIdOf(text, frame.id)
    if (rawId === undefined || frame.jsonrpc !== '2.0') {
      return { kind: 'invalid', rawId: rawId ?? 'null', error: RELAY_ERROR.invalidRequest }
    }
    return { kind: 'request', rawId, method: frame.method, params: frame.params }
  }
  // Before any id text is made: acks are most of the frames a busy relay reads.
  if ('result' in frame || 'error' in frame) {
    // Answers to our deliveries, whose ids are safe integers; any other is matched to nothing.
    return {
      kind: 'response',
      id: typeof frame.id === 'number' ? frame.id : 0,
      ok: frame.result === true,
    }
  }
  return {
    kind: 'invalid',
    rawId: rawIdOf(text, frame.id) ?? 'null',
    error: RELAY_ERROR.invalidRequest,
  }
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
