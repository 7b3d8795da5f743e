// A relay upgrade as a client makes it, with the headers a test chooses (an Origin above all):
// the socket when it opens, else the refusal's status and JSON body.
import WebSocket from 'ws'

export interface Upgrade {
  status: number
  /** The refusal's JSON body; undefined when the socket opened. */
  body?: unknown
  socket?: WebSocket
}

/** Tries an upgrade; an opened socket is handed back open. */
export function upgrade(url: string, headers: Record<string, string> = {}): Promise<Upgrade> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers })
    socket.on('open', () => resolve({ status: 101, socket }))
    socket.on('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) })
        socket.terminate()
      })
    })
    socket.on('error', (error) => {
      if (socket.readyState === WebSocket.CONNECTING) reject(error)
    })
  })
}
