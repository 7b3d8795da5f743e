// The receiving half of the relay bench, in a worker thread of its own: the clients that get
// the messages (the wallets of the pairs) read, time and acknowledge them here, so the time a
// message arrives is taken on an event loop that does nothing else, not one that is also busy
// sending the next publishes (which made the generator's own lag part of the measured latency).
import { parentPort, workerData } from 'node:worker_threads'
import type WebSocket from 'ws'
import { benchClock, openSocket, pairAddress, subscribeAll } from './relay-socket'

export interface ReceiversData {
  urls: string[]
  topics: string[]
  /** Source addresses the pairs take in turn (see pairAddress). */
  addresses: string[]
}

/** From the bench to this worker. */
export type ToReceivers =
  | { kind: 'run'; base: number; total: number }
  | { kind: 'finish' }
  | { kind: 'close' }

/** From this worker to the bench. */
export type FromReceivers =
  | { kind: 'ready' }
  | { kind: 'delivered'; count: number }
  | {
      kind: 'figures'
      latencies: Float64Array
      /** When each message was sent, in the order of `latencies` (the bench's clock). */
      sentAt: Float64Array
      lastDeliveryAt: number
    }

const { urls, topics, addresses } = workerData as ReceiversData
const port = parentPort
if (!port) throw new Error('relay-receivers runs as a worker thread')
const post = (message: FromReceivers, transfer?: ArrayBuffer[]) =>
  port.postMessage(message, transfer ?? [])

let runBase = Number.POSITIVE_INFINITY
let total = 0
let latencies = new Float64Array(0)
let sentAt = new Float64Array(0)
let delivered = 0
let lastDeliveryAt = 0

const sockets: WebSocket[] = []
for (let start = 0; start < urls.length; start += 100) {
  const batch = urls.slice(start, start + 100)
  sockets.push(
    ...(await Promise.all(
      batch.map((url, index) => openSocket(url, pairAddress(addresses, start + index))),
    )),
  )
}

await subscribeAll(sockets, topics)

for (const socket of sockets) {
  socket.on('message', (data: Buffer) => {
    // The arrival time first: parsing and the ack are the client's work, not the relay's.
    const at = benchClock()
    const frame = JSON.parse(data.toString()) as {
      id: number | string
      method?: string
      params?: { data: { message: string } }
    }
    if (frame.method !== 'irn_subscription') return
    socket.send(`{"id":${frame.id},"jsonrpc":"2.0","result":true}`)
    // "<sequence number>:<send time in ms>:<padding>"
    const [seq, sent] = (frame.params?.data.message ?? '').split(':', 2).map(Number)
    if (seq === undefined || sent === undefined || !(seq >= runBase) || delivered >= total) return
    latencies[delivered] = at - sent
    sentAt[delivered] = sent
    delivered += 1
    lastDeliveryAt = at
    if (delivered === total) post({ kind: 'delivered', count: delivered })
  })
}

port.on('message', (message: ToReceivers) => {
  if (message.kind === 'run') {
    runBase = message.base
    total = message.total
    latencies = new Float64Array(total)
    sentAt = new Float64Array(total)
    delivered = 0
    lastDeliveryAt = 0
  } else if (message.kind === 'finish') {
    runBase = Number.POSITIVE_INFINITY
    const measured = latencies.slice(0, delivered)
    const sent = sentAt.slice(0, delivered)
    post({ kind: 'figures', latencies: measured, sentAt: sent, lastDeliveryAt }, [
      measured.buffer,
      sent.buffer,
    ])
  } else {
    for (const socket of sockets) socket.terminate()
    port.close()
  }
})

post({ kind: 'ready' })
