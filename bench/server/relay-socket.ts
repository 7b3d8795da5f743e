// What the threads of the relay benches share: how a client socket is opened and asks the relay
// something, and the clock a message's send time is written in and its arrival read from.
import WebSocket from 'ws'

/**
 * Milliseconds on the process's monotonic clock: the same in every thread (performance.now()
 * is not, each worker counts from its own start).
 */
export const benchClock = () => Number(process.hrtime.bigint()) / 1e6

/**
 * A client socket, from `localAddress` when given: another loopback address (127.0.0.2) is
 * another client IP to the relay's per-IP limits.
 */
export function openSocket(url: string, localAddress?: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false, localAddress })
    socket.once('open', () => resolve(socket))
    socket.once('error', reject)
  })
}

/**
 * The source address of pair `pair`'s clients: the pairs take `addresses` in turn (none given:
 * the system's choice, 127.0.0.1).
 */
export const pairAddress = (addresses: readonly string[], pair: number): string | undefined =>
  addresses.length > 0 ? addresses[pair % addresses.length] : undefined

export interface RpcAnswer {
  id: unknown
  result?: unknown
  error?: { code: number; message: string }
}

/** Sends a JSON-RPC request; resolves with its answer, rejects if the socket closes first. */
export function call(
  socket: WebSocket,
  id: string | number,
  method: string,
  params: unknown,
): Promise<RpcAnswer> {
  return new Promise((resolve, reject) => {
    const onAnswer = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as RpcAnswer
      if (frame.id !== id) return
      done()
      resolve(frame)
    }
    const onClose = () => {
      done()
      reject(new Error(`the socket closed before the answer to ${method}`))
    }
    const done = () => {
      socket.off('message', onAnswer)
      socket.off('close', onClose)
    }
    socket.on('message', onAnswer)
    socket.once('close', onClose)
    socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }))
  })
}

/** Subscribes socket i to topics[i] and resolves once every subscription is answered. */
export async function subscribeAll(sockets: WebSocket[], topics: readonly string[]): Promise<void> {
  await Promise.all(
    sockets.map(async (socket, index) => {
      const answer = await call(socket, `s${index}`, 'irn_subscribe', { topic: topics[index] })
      if (answer.error) throw new Error(`subscribe refused: ${JSON.stringify(answer)}`)
    }),
  )
}
