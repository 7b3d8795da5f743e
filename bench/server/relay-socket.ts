// What both threads of the relay bench share: how a client socket is opened, and the clock a
// message's send time is written in and its arrival read from.
import WebSocket from 'ws'

/**
 * Milliseconds on the process's monotonic clock: the same in every thread (performance.now()
 * is not, each worker counts from its own start).
 */
export const benchClock = () => Number(process.hrtime.bigint()) / 1e6

export function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

/** Subscribes socket i to topics[i] and resolves once every subscription is answered. */
export async function subscribeAll(sockets: WebSocket[], topics: readonly string[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket, index) =>
        new Promise<void>((resolve, reject) => {
          const id = `s${index}`
          const onAnswer = (data: Buffer) => {
            const frame = JSON.parse(data.toString()) as { id: unknown; error?: unknown }
            if (frame.id !== id) return
            socket.off('message', onAnswer)
            if (frame.error) reject(new Error(`subscribe refused: ${JSON.stringify(frame)}`))
            else resolve()
          }
          socket.on('message', onAnswer)
          socket.send(
            JSON.stringify({
              id,
              jsonrpc: '2.0',
              method: 'irn_subscribe',
              params: { topic: topics[index] },
            }),
          )
        }),
    ),
  )
}
