// The host page's side of the frame protocol (embedded-wallet-frame.ts): the request names as
// plain data and a small hand-written check of what the frame posts back. No schema library,
// so the modal's lazy frame client can import it without shipping TypeBox to the host page.
// The check is shallow on purpose: the client has already required the frame's exact origin
// and window (event.origin, event.source) before calling it, and it stops there a message of
// the wrong shape, an answer to an id it never sent, or an error without a message.
import type {
  FrameApprovalRequestedEvent,
  FrameApprovalSettledEvent,
  FrameError,
  FrameSuccess,
} from './embedded-wallet-frame'
import { FRAME_REQUEST_TYPES, type FrameRequestType } from './embedded-wallet-frame-requests'

export { FRAME_REQUEST_TYPES, type FrameRequestType }

/** The frame URL's query parameters (docs/product.md#embedded-wallet-frame), plus `origin`: the host page's origin. */
export const FRAME_QUERY_PARAMETERS = [
  'projectId',
  'chainId',
  'version',
  'enableLogger',
  'origin',
] as const

/** What a frame message turned out to be, for the client to route. */
export type FrameMessage =
  | { kind: 'success'; message: FrameSuccess }
  | { kind: 'error'; message: FrameError }
  | { kind: 'ready' }
  | { kind: 'approval-requested'; payload: FrameApprovalRequestedEvent['payload'] }
  | { kind: 'approval-settled'; payload: FrameApprovalSettledEvent['payload'] }

const requestTypes: ReadonlySet<string> = /* @__PURE__ */ new Set(FRAME_REQUEST_TYPES)
const ANSWER = /^([A-Z_]+)_(SUCCESS|ERROR)$/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= 128
}

/**
 * Reads `event.data` from the frame (call it only once origin and source matched). Returns null
 * for anything that is not one of the frame's answers or events; the caller ignores those.
 */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (!isRecord(data) || typeof data.type !== 'string' || !('payload' in data)) return null
  const { type, payload } = data
  if (type === 'FRAME_READY') return { kind: 'ready' }
  if (type === 'FRAME_APPROVAL_REQUESTED' || type === 'FRAME_APPROVAL_SETTLED') {
    if (!isRecord(payload) || !isId(payload.id)) return null
    if (type === 'FRAME_APPROVAL_REQUESTED') {
      if (typeof payload.method !== 'string') return null
      return { kind: 'approval-requested', payload: { id: payload.id, method: payload.method } }
    }
    if (typeof payload.approved !== 'boolean') return null
    return { kind: 'approval-settled', payload: { id: payload.id, approved: payload.approved } }
  }
  const answer = ANSWER.exec(type)
  if (!answer || !requestTypes.has(answer[1] as string) || !isId(data.id)) return null
  if (answer[2] === 'ERROR') {
    if (!isRecord(payload) || typeof payload.message !== 'string') return null
    if (payload.code !== undefined && !Number.isInteger(payload.code)) return null
    return { kind: 'error', message: data as FrameError }
  }
  return { kind: 'success', message: data as FrameSuccess }
}
