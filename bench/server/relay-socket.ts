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
