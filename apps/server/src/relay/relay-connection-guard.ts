// New connections from an address that goes on opening relay sockets after it was told to stop
// are closed as they are accepted: before Node makes a Socket of them, its HTTP layer gives them
// a parser and reads their request line (an oversized JWT is up to 16 KB of it), and the relay
// writes a refusal. That work, done hundreds of times a second for one hostile address, is what
// the relay's other clients would wait behind. The guard sits where Node's listener hands each
// accepted connection over: the listening handle's `onconnection` (Node's own, not in its
// types; Node's `maxConnections` drops connections at the same place), where a refused one is
// still a bare handle to close.
import type { Server } from 'node:http'

interface AcceptedHandle {
  /** Fills in the peer's address; 0 on success. */
  getpeername(out: { address?: string }): number
  close(): void
}

interface ListeningHandle {
  onconnection(this: ListeningHandle, status: number, accepted?: AcceptedHandle): void
}

/** Puts the guard in front once the server listens; the function it returns takes it away. */
export function guardConnections(
  server: Server,
  isFlooding: (remoteAddress: string | undefined) => boolean,
): () => void {
  let remove = () => {}
  const install = () => {
    const handle = (server as unknown as { _handle?: ListeningHandle | null })._handle
    if (typeof handle?.onconnection !== 'function') {
      throw new Error("the relay's connection guard found no listening handle to guard")
    }
    const accept = handle.onconnection
    handle.onconnection = function guardedAccept(status, accepted) {
      const peer: { address?: string } = {}
      if (accepted && accepted.getpeername(peer) === 0 && isFlooding(peer.address)) {
        // Closed with the request unread: the kernel answers it with a reset.
        accepted.close()
        return
      }
      accept.call(this, status, accepted)
    }
    remove = () => {
      handle.onconnection = accept
    }
  }
  if (server.listening) install()
  else server.once('listening', install)
  return () => {
    server.off('listening', install)
    remove()
  }
}
