// A raw relay client for protocol tests: a plain WebSocket with a valid JWT that sends
// JSON-RPC frames and waits for the frames it expects (never for a fixed time).
import WebSocket from 'ws'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import type { RelayTestIdentity } from './relay-identity'
import type { TestServer } from './test-server'

export type Frame = Record<string, unknown>

export interface RawClient {
  socket: WebSocket
  /** Frames received and not yet taken by `next`. */
  frames: Frame[]
  send(frame: string): void
  /** The first frame (received or to come) that `match` accepts, taken from `frames`. */
  next(match: (frame: Frame) => boolean): Promise<Frame>
  /** Sends a request and resolves with its answer. */
  call(id: number | string, method: string, params: unknown): Promise<Frame>
  /** The next `irn_subscription` request, acknowledged unless `ack` is false. */
  delivery(ack?: boolean): Promise<Frame>
  /** Resolves when the socket is closed (by either side). */
  closed: Promise<void>
  close(): Promise<void>
}

export interface ConnectOptions {
  /** False: the socket never answers the relay's pings (a dead peer). */
  autoPong?: boolean
  /** The loopback address it connects from (127.0.0.1 unless told): another client address. */
  localAddress?: string
}

export const request = (id: number | string, method: string, params: unknown) =>
  JSON.stringify({ id, jsonrpc: '2.0', method, params })

export const relaySocketUrl = (server: TestServer, identity: RelayTestIdentity) =>
  `${server.url.replace('http', 'ws')}/relay?projectId=${DEV_PROJECT_ID}&ua=raw&auth=${identity.jwt()}`

export async function connectRaw(
  server: TestServer,
  identity: RelayTestIdentity,
  options: ConnectOptions = {},
): Promise<RawClient> {
  const socket = new WebSocket(relaySocketUrl(server, identity), {
    autoPong: options.autoPong ?? true,
    localAddress: options.localAddress,
  })
  const frames: Frame[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    for (const wake of waiters.splice(0)) wake()
  })
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  const client: RawClient = {
    socket,
    frames,
    closed,
    send: (frame) => socket.send(frame),
    async next(match) {
      for (;;) {
        const found = frames.find(match)
        if (found) {
          frames.splice(frames.indexOf(found), 1)
          return found
        }
        await new Promise<void>((resolve) => waiters.push(resolve))
      }
    },
    call(id, method, params) {
      socket.send(request(id, method, params))
      return client.next((frame) => frame.id === id && !('method' in frame))
    },
    async delivery(ack = true) {
      const frame = await client.next((frame) => frame.method === 'irn_subscription')
      if (ack) socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }))
      return frame
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close()
      await closed
    },
  }
  return client
}

/** The `data.message` of an `irn_subscription` frame. */
export function deliveredMessage(frame: Frame): unknown {
  const params = frame.params as { data?: { message?: unknown } } | undefined
  return params?.data?.message
}
