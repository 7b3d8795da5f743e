// New connections from an address that goes on opening relay sockets after it was told to stop
// are closed as they are accepted: before Node's HTTP layer gives them a parser, reads their
// request line (an oversized JWT is up to 16 KB of it) and the relay writes a refusal. That
// work, done hundreds of times a second for one hostile address, is what the relay's other
// clients would wait behind. The guard goes in front of the server's own 'connection'
// listeners (Node's HTTP one) and hands them every connection it lets through.
import type { Server } from 'node:http'
import type { Socket } from 'node:net'

type ConnectionListener = (socket: Socket) => void

/** Puts the guard in front; the function it returns takes it away again. */
export function guardConnections(
  server: Server,
  isFlooding: (remoteAddress: string | undefined) => boolean,
): () => void {
  const listeners = server.listeners('connection') as ConnectionListener[]
  for (const listener of listeners) server.off('connection', listener)
  const guard = (socket: Socket) => {
    if (isFlooding(socket.remoteAddress)) {
      // A reset: nothing is owed to a client told 429 already this second, and this side keeps
      // no TIME_WAIT entry per dropped connection.
      socket.resetAndDestroy()
      return
    }
    for (const listener of listeners) listener.call(server, socket)
  }
  server.on('connection', guard)
  return () => {
    server.off('connection', guard)
    for (const listener of listeners) server.on('connection', listener)
  }
}
