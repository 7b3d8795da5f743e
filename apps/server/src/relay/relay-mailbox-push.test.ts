// What a new subscriber is pushed from the mailbox: every message waiting on its topics, in the
// order they were published, a read of the mailbox at a time as it acknowledges them, and when
// its socket stops reading, the rest once it reads again.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, deliveredMessage, type RawClient, request } from '../test/relay-socket'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')
/** A message of `chars` base64-like characters, unique by its prefix. */
const labelled = (label: string, chars: number) => `${label}:`.padEnd(chars, 'A')
const labelOf = (delivery: Record<string, unknown>) =>
  String(deliveredMessage(delivery)).split(':')[0] ?? ''

/** Publishes them all at once (not one answer at a time) and expects each to be taken. */
async function publishAll(publisher: RawClient, topic: string, messages: readonly string[]) {
  for (const [index, message] of messages.entries()) {
    publisher.send(request(index + 1, 'irn_publish', { topic, message, ttl: 300 }))
  }
  const answers = await Promise.all(
    messages.map((_, index) => publisher.next((frame) => frame.id === index + 1)),
  )
  expect(answers.map((answer) => answer.result)).toEqual(messages.map(() => true))
}

async function settled(read: () => number): Promise<number> {
  let last = -1
  for (let unchanged = 0; unchanged < 5; ) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    const now = read()
    unchanged = now === last && now > 0 ? unchanged + 1 : 0
    last = now
  }
  return last
}

describe('relay mailbox push on subscribe', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      config: relayWithLimits({
        publishesPerSecond: 10_000,
        publishesPerAddressPerSecond: 10_000,
        publishedCharsPerAddressPerSecond: 64 * 1024 * 1024,
        deliveryPauseBytes: 64 * 1024,
        maxBufferedBytes: 512 * 1024,
      }),
    })
  })
  afterAll(() => server?.stop())

  it('pushes every waiting message to a new subscriber, more than one read of the mailbox holds', async () => {
    // 600 of 500 characters: more than a fetch's 500 messages, and than a push reads at once
    // (deliveryPauseBytes: 64 KB)
    const topic = newTopic()
    const labels = Array.from({ length: 600 }, (_, index) => `w${index}`)
    const publisher = await connectRaw(server, createRelayTestIdentity())
    await publishAll(
      publisher,
      topic,
      labels.map((label) => labelled(label, 500)),
    )
    const reader = await connectRaw(server, createRelayTestIdentity())
    await reader.call(1, 'irn_subscribe', { topic })
    const received: string[] = []
    while (received.length < labels.length) received.push(labelOf(await reader.delivery()))
    expect(received.sort()).toEqual([...labels].sort())
    // and nothing twice: a repeat would have come before this answer
    await reader.call(2, 'irn_subscribe', { topic: newTopic() })
    expect(reader.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    await Promise.all([publisher.close(), reader.close()])
  })

  it('stops pushing to a subscriber that does not read, and pushes the rest, in order, once it does', async () => {
    const topic = newTopic()
    const labels = Array.from({ length: 20 }, (_, index) => `p${index}`)
    const publisher = await connectRaw(server, createRelayTestIdentity())
    // 2 MB: far more than deliveryPauseBytes (64 KB)
    for (const [index, label] of labels.entries()) {
      const answer = await publisher.call(index + 1, 'irn_publish', {
        topic,
        message: labelled(label, 100_000),
        ttl: 300,
      })
      expect(answer.result).toBe(true)
    }
    const identity = createRelayTestIdentity()
    const reader = await connectRaw(server, identity)
    reader.send(request(1, 'irn_subscribe', { topic }))
    reader.socket.pause()
    const pushed = await settled(
      () => server.app.relay?.hub.rememberedDeliveries(identity.did) ?? 0,
    )
    expect(pushed).toBeLessThan(labels.length)
    // held back, not closed: the rest waits in the mailbox
    expect(server.app.relay?.connectedClients()).toContain(identity.did)
    reader.socket.resume()
    const received: string[] = []
    while (received.length < labels.length) received.push(labelOf(await reader.delivery()))
    expect(received).toEqual(labels)
    await Promise.all([publisher.close(), reader.close()])
  })
})
