// The frame's door: a message is a request only when it comes from the host page's exact
// origin, from the window that holds the frame, and matches one of the request schemas
// (@portico/protocol/embedded-wallet-frame's FrameRequest, passed in as JSON Schema: the build
// embeds it, see schema-check.ts). Anything from elsewhere is dropped without an answer, so a
// foreign page learns nothing, not even that the frame is there. The host page's own request
// that names a known type and an id but fails the schema is answered as refused, so the page
// is told at once rather than waiting out its time-out.
import type { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import {
  FRAME_REQUEST_TYPES,
  type FrameRequestType,
} from '@portico/protocol/embedded-wallet-frame-guard'
import { checkSchema, type JsonSchema } from './schema-check'

/** What the gate makes of a message: a request, the host's unreadable request, or nothing. */
export type GateResult =
  | { request: FrameRequest }
  | { malformed: { type: FrameRequestType; id: string } }
  | undefined

const knownTypes: ReadonlySet<string> = new Set(FRAME_REQUEST_TYPES)

function malformedOf(data: unknown): { type: FrameRequestType; id: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, id } = data as { type?: unknown; id?: unknown }
  if (typeof type !== 'string' || !knownTypes.has(type)) return undefined
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return undefined
  return { type: type as FrameRequestType, id }
}

export interface GateEvent {
  data: unknown
  origin: string
  source: unknown
}

export function createMessageGate(
  parentOrigin: string,
  parentWindow: unknown,
  requestSchema: JsonSchema,
) {
  return function accept(event: GateEvent): GateResult {
    if (event.origin !== parentOrigin) return undefined
    // A frame's parent is never itself; without a parent (opened as a page) nothing is accepted.
    if (event.source === null || event.source !== parentWindow) return undefined
    if (checkSchema(requestSchema, event.data)) return { request: event.data as FrameRequest }
    const malformed = malformedOf(event.data)
    return malformed && { malformed }
  }
}
