// The frame's door: a message is a request only when it comes from the host page's exact
// origin, from the window that holds the frame, and matches one of the request schemas
// (@portico/protocol/embedded-wallet-frame's FrameRequest, passed in as JSON Schema: the build
// embeds it, see schema-check.ts). Anything else is dropped without an answer, so a foreign page
// learns nothing, not even that the frame is there.
import type { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import { checkSchema, type JsonSchema } from './schema-check'

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
  return function accept(event: GateEvent): FrameRequest | undefined {
    if (event.origin !== parentOrigin) return undefined
    // A frame's parent is never itself; without a parent (opened as a page) nothing is accepted.
    if (event.source === null || event.source !== parentWindow) return undefined
    return checkSchema(requestSchema, event.data) ? (event.data as FrameRequest) : undefined
  }
}
