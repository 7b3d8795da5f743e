// A socket that does not read gets no unbounded buffer: deliveries to it are held back (they stay
// in the mailbox and go out once it reads again, none lost), as they are to a client that leaves
// them unacknowledged, answers it leaves unread close it with 1008, a fetch answer is bounded,
// and a binary frame closes it with 1003.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, deliveredMessage, request } from '../test/relay-socket'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')
/** A message of `chars` base64-like characters, unique by its prefix. */
const bigMessage = (label: string, chars: number) => `${label}:`.padEnd(chars, 'A')

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('relay backpressure', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      config: relayWithLimits({
        publishesPerSecond: 1_000,
        publishesPerAddressPerSecond: 1_000,
        // 12 MB of messages in a second or two
        publishedCharsPerAddressPerSecond: 64 * 1024 * 1024,
        deliveryPauseBytes: 64 * 1024,
        maxBufferedBytes: 512 * 1024,
        maxFetchAnswerChars: 250_000,
      }),
    })
  })
  afterAll(() => server?.stop())

  it('holds deliveries back from a socket that does not read and sends them all once it does', async () => {
    const topic = newTopic()
    const reader = createRelayTestIdentity()
    const subscriber = await connectRaw(server, reader)
    await subscriber.call(1, 'irn_subscribe', { topic })
    subscriber.socket.pause()
    const publisher = await connectRaw(server, createRelayTestIdentity())
    // 12 MB: more than the kernel's socket buffers take on loopback
    const labels = Array.from({ length: 120 }, (_, index) => `m${index}`)
    for (const [index, label] of labels.entries()) {
      const message = bigMessage(label, 100_000)
      const answer = await publisher.call(index + 1, 'irn_publish', { topic, message, ttl: 300 })
      expect(answer.result).toBe(true)
    }
    // the relay wrote only part of them to the socket; the rest wait in the mailbox
    expect(server.app.relay?.hub.rememberedDeliveries(reader.did)).toBeLessThan(labels.length)
    subscriber.socket.resume()
    const received: string[] = []
    while (received.length < labels.length) {
      const message = deliveredMessage(await subscriber.delivery())
      received.push(String(message).split(':')[0] ?? '')
    }
    expect(received.sort()).toEqual([...labels].sort())
    await Promise.all([subscriber.close(), publisher.close()])
  })

  it('holds deliveries back from a client that reads them but does not acknowledge them, until it does', async () => {
    const topic = newTopic()
    const reader = await connectRaw(server, createRelayTestIdentity())
    await reader.call(1, 'irn_subscribe', { topic })
    const publisher = await connectRaw(server, createRelayTestIdentity())
    // 20,000 characters each: the fourth takes the unacknowledged past deliveryPauseBytes (64 KB)
    const labels = Array.from({ length: 10 }, (_, index) => `a${index}`)
    for (const [index, label] of labels.entries()) {
      const message = bigMessage(label, 20_000)
      const answer = await publisher.call(index + 1, 'irn_publish', { topic, message, ttl: 300 })
      expect(answer.result).toBe(true)
    }
    const unacknowledged: Array<Record<string, unknown>> = []
    for (let count = 0; count < 4; count++) unacknowledged.push(await reader.delivery(false))
    // a round trip later no fifth has come
    await reader.call(2, 'irn_subscribe', { topic: newTopic() })
    expect(reader.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    for (const delivery of unacknowledged) {
      reader.send(JSON.stringify({ id: delivery.id, jsonrpc: '2.0', result: true }))
    }
    const received = unacknowledged.map(
      (delivery) => String(deliveredMessage(delivery)).split(':')[0] ?? '',
    )
    while (received.length < labels.length) {
      received.push(String(deliveredMessage(await reader.delivery())).split(':')[0] ?? '')
    }
    expect(received).toEqual(labels)
    await Promise.all([reader.close(), publisher.close()])
  })

  it('closes a socket that leaves the answers to its requests unread, with 1008', async () => {
    const identity = createRelayTestIdentity()
    const client = await connectRaw(server, identity)
    const topics = Array.from({ length: 1_000 }, newTopic)
    client.socket.pause()
    // each answer is 1,000 subscription ids (66 kB); 10 MB of them in all
    for (let id = 1; id <= 150; id++) client.send(request(id, 'irn_batchSubscribe', { topics }))
    await until(() => !server.app.relay?.connectedClients().includes(identity.did))
    const closeCode = new Promise<[number, string]>((resolve) =>
      client.socket.once('close', (code, reason) => resolve([code, reason.toString()])),
    )
    client.socket.resume()
    expect(await closeCode).toEqual([1008, 'Too much unread data'])
  })

  it('answers a fetch with at most maxFetchAnswerChars of messages; the rest on the next fetch', async () => {
    const topic = newTopic()
    const publisher = await connectRaw(server, createRelayTestIdentity())
    for (const [index, label] of ['f0', 'f1', 'f2', 'f3', 'f4'].entries()) {
      const message = bigMessage(label, 100_000)
      const answer = await publisher.call(index + 1, 'irn_publish', { topic, message, ttl: 300 })
      expect(answer.result).toBe(true)
    }
    const reader = await connectRaw(server, createRelayTestIdentity())
    const pages: Array<{ labels: string[]; hasMore: boolean }> = []
    for (let id = 1; id <= 3; id++) {
      const page = (await reader.call(id, 'irn_batchFetchMessages', { topics: [topic] }))
        .result as { messages: Array<{ message: string }>; hasMore: boolean }
      pages.push({
        labels: page.messages.map((each) => each.message.split(':')[0] ?? ''),
        hasMore: page.hasMore,
      })
    }
    expect(pages).toEqual([
      { labels: ['f0', 'f1'], hasMore: true },
      { labels: ['f2', 'f3'], hasMore: true },
      { labels: ['f4'], hasMore: false },
    ])
    await Promise.all([publisher.close(), reader.close()])
  })

  it('closes a socket that sends a binary frame with 1003', async () => {
    const client = await connectRaw(server, createRelayTestIdentity())
    const closeCode = new Promise<[number, string]>((resolve) =>
      client.socket.once('close', (code, reason) => resolve([code, reason.toString()])),
    )
    client.socket.send(Buffer.from(request(1, 'irn_subscribe', { topic: newTopic() })))
    expect(await closeCode).toEqual([1003, 'Binary frames are not part of the protocol'])
  })
})
