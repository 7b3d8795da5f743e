// A TCP forwarder between the server and one of its dependencies (Redis, PostgreSQL) that a
// readiness test can cut and restore: the dependency is real, only the path to it goes away,
// as when a network partition or a restarting Redis takes it from a running server.
import { type AddressInfo, connect, createServer, type Socket } from 'node:net'

export interface TcpForwarder {
  port: number
  /** Closes the listener and every forwarded connection: new connections are refused. */
  cut(): Promise<void>
  /** Listens again on the same port. */
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpForwarder(target: {
  host: string
  port: number
}): Promise<TcpForwarder> {
  const sockets = new Set<Socket>()
  const server = createServer((client) => {
    const upstream = connect(target.port, target.host)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream)
    upstream.pipe(client)
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject)
        resolve()
      })
    })
  await listen(0)
  const port = (server.address() as AddressInfo).port
  const cut = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    for (const socket of sockets) socket.destroy()
    await closed
  }
  return {
    port,
    cut,
    restore: () => listen(port),
    close: async () => {
      if (server.listening) await cut()
    },
  }
}
