// Text frames written straight to a relay socket's TCP stream. ws's send turns every frame into
// a header buffer and the payload, corks the socket, writes both and uncorks: at 5,000 relay
// messages a second that machinery was about a tenth of what the relay's thread allocated (the
// young generation filled every ~720 ms with it, every ~790 ms without). A frame the
// relay sends is JSON in ASCII (ids, hex topics, base64 envelopes), so header and payload go as
// one latin1 string in one write. Anything else (a non-ASCII or very long frame) goes through
// ws as before. Safe alongside ws's own writes (pings, close) because the relay's sockets never
// compress (perMessageDeflate is off), so ws writes synchronously and never holds a frame back.
import type { Socket } from 'node:net'
import type { WebSocket } from 'ws'

/** FIN bit and the text opcode: a whole text message in one frame. */
const FINAL_TEXT_FRAME = 0x81
/** Payload lengths up to this fit the 16-bit extended length field. */
const MAX_16_BIT_LENGTH = 0xffff

/** The upgraded TCP connection under a ws socket: ws keeps it as `_socket` (not in its types). */
export function rawSocketOf(ws: WebSocket): Socket | undefined {
  return (ws as unknown as { _socket?: Socket })._socket
}

export function sendTextFrame(ws: WebSocket, text: string): void {
  const socket = rawSocketOf(ws)
  const length = text.length
  // One byte per character exactly when the text is ASCII.
  if (!socket || length > MAX_16_BIT_LENGTH || Buffer.byteLength(text) !== length) {
    ws.send(text)
    return
  }
  const header =
    length < 126
      ? String.fromCharCode(FINAL_TEXT_FRAME, length)
      : String.fromCharCode(FINAL_TEXT_FRAME, 126, length >> 8, length & 0xff)
  socket.write(header + text, 'latin1')
}
