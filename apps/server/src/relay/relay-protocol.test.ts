// The relay's JSON-RPC contract spoken by raw sockets: ids echoed as sent, clear errors for bad
// input with nothing stored, mailbox delivery per client id across reconnects, batch publish,
// unsubscribe, fetch and expiry. The server's clock is moved by hand.
//
// "Not delivered" is shown with a sentinel: the relay hands a published message to its
// subscribers right after answering the publisher, so once a later message on another topic
// reaches a client, an earlier one would have reached it first on the same socket.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, deliveredMessage, type RawClient, request } from '../test/relay-socket'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')

describe('relay protocol', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    server = await startTestServer({ deps: { clock: () => now } })
  })
  afterAll(() => server?.stop())

  const storedOn = async (topic: string) =>
    (await server.app.portico.db.query('SELECT id FROM relay_messages WHERE topic = $1', [topic]))
      .rowCount
  /** Publishes `message` on a fresh topic `client` listens to, and shows it is the next delivery. */
  async function sentinel(publisher: RawClient, subscriber: RawClient): Promise<void> {
    const topic = newTopic()
    expect((await subscriber.call('s1', 'irn_subscribe', { topic })).result).toBeTypeOf('string')
    const message = `sentinel-${topic.slice(0, 8)}`
    expect((await publisher.call('s2', 'irn_publish', { topic, message, ttl: 60 })).result).toBe(
      true,
    )
    expect(deliveredMessage(await subscriber.delivery())).toBe(message)
  }

  it('echoes ids as sent and answers an unknown method with an error', async () => {
    const client = await connectRaw(server, createRelayTestIdentity())
    client.send('{"id":1234567890123456789,"jsonrpc":"2.0","method":"irn_nothing","params":{}}')
    const raw = await client.next(() => true)
    expect(raw.error).toEqual({ code: -32601, message: 'Method not found' })
    client.send(request('1234567890123456789', 'irn_subscribe', { topic: 'a'.repeat(64) }))
    const answer = await client.next((frame) => frame.id === '1234567890123456789')
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
    await client.close()
  })

  it('answers malformed frames and bad params with a clear error, stores nothing and stays open', async () => {
    const client = await connectRaw(server, createRelayTestIdentity())
    const topic = newTopic()
    client.send('{"id":1,"jsonrpc":"2.0","method":"irn_publish",')
    expect(await client.next(() => true)).toMatchObject({
      id: null,
      error: { code: -32700, message: 'Parse error' },
    })
    client.send('[1,2,3]')
    expect((await client.next(() => true)).error).toEqual({
      code: -32600,
      message: 'Invalid request',
    })
    client.send(JSON.stringify({ jsonrpc: '2.0', method: 'irn_publish', params: {} }))
    expect((await client.next(() => true)).error).toEqual({
      code: -32600,
      message: 'Invalid request',
    })
    const refusals: Array<[string, unknown, string]> = [
      ['irn_publish', { topic, ttl: 60 }, 'Invalid params: message must be a non-empty string'],
      [
        'irn_publish',
        { message: 'm', ttl: 60 },
        'Invalid params: topic must be 64 lower-case hex characters',
      ],
      [
        'irn_publish',
        { topic, message: 'm', ttl: '60' },
        'Invalid params: ttl must be a whole number from 30 to 2592000',
      ],
      ['irn_publish', [topic, 'm'], 'Invalid params: params must be an object'],
      [
        'irn_subscribe',
        { topic: 42 },
        'Invalid params: topic must be 64 lower-case hex characters',
      ],
      [
        'irn_batchSubscribe',
        { topics: [topic, ''] },
        'Invalid params: topics must be topics of 64 lower-case hex characters',
      ],
      [
        'irn_batchUnsubscribe',
        { subscriptions: 'all' },
        'Invalid params: subscriptions must be a list',
      ],
      ['irn_batchFetchMessages', {}, 'Invalid params: topics must be a list'],
      [
        'irn_batchPublish',
        {
          messages: [
            { topic, message: 'ok', ttl: 60 },
            { topic, ttl: 60 },
          ],
        },
        'Invalid params: message must be a non-empty string',
      ],
    ]
    let id = 10
    for (const [method, params, message] of refusals) {
      id += 1
      expect((await client.call(id, method, params)).error, method).toEqual({
        code: -32602,
        message,
      })
    }
    expect(await storedOn(topic)).toBe(0)
    // the socket still works
    expect((await client.call(99, 'irn_publish', { topic, message: 'fine', ttl: 60 })).result).toBe(
      true,
    )
    expect(await storedOn(topic)).toBe(1)
    await client.close()
  })

  it('keeps messages per client id: none of its own, none twice after an ack', async () => {
    const topic = newTopic()
    const alice = createRelayTestIdentity()
    const bob = createRelayTestIdentity()
    const sender = await connectRaw(server, alice)
    await sender.call(1, 'irn_subscribe', { topic })
    expect(
      (await sender.call(2, 'irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 }))
        .result,
    ).toBe(true)
    // bob was offline: the mailbox pushes it when he subscribes; he acks it
    const receiver = await connectRaw(server, bob)
    receiver.send(request(3, 'irn_subscribe', { topic }))
    const delivery = await receiver.delivery()
    expect(delivery.params).toMatchObject({
      data: { topic, message: 'hello', tag: 1108, attestation: '' },
    })
    const acked = () =>
      server.app.portico.db.query('SELECT 1 FROM relay_acks WHERE client_id = $1', [bob.did])
    while ((await acked()).rowCount === 0) await new Promise((resolve) => setTimeout(resolve, 10))
    await receiver.close()
    // reconnecting: bob gets nothing again, alice never gets her own message
    const again = await connectRaw(server, bob)
    await again.call(4, 'irn_batchSubscribe', { topics: [topic] })
    expect((await again.call(5, 'irn_batchFetchMessages', { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    await sentinel(sender, again)
    await sentinel(again, sender)
    await Promise.all([again.close(), sender.close()])
  })

  it('sends nothing again to a client back within the second its ack waits to be written', async () => {
    const topic = newTopic()
    const alice = createRelayTestIdentity()
    const bob = createRelayTestIdentity()
    const sender = await connectRaw(server, alice)
    const receiver = await connectRaw(server, bob)
    await receiver.call(1, 'irn_subscribe', { topic })
    expect((await sender.call(2, 'irn_publish', { topic, message: 'once', ttl: 300 })).result).toBe(
      true,
    )
    const delivery = await receiver.delivery()
    expect(deliveredMessage(delivery)).toBe('once')
    // The client's ack (its socket answers deliveries itself), then a dropped socket and a
    // reconnect at once, long before the acks' one-second gathering is over.
    const acks = () =>
      server.app.portico.db.query('SELECT 1 FROM relay_acks WHERE client_id = $1', [bob.did])
    await receiver.close()
    expect((await acks()).rowCount).toBe(0)
    const back = await connectRaw(server, bob)
    await back.call(3, 'irn_subscribe', { topic })
    await sentinel(sender, back)
    // Nothing came again before the sentinel; the ack itself is written within its second
    // (on PostgreSQL under load, a little after the reconnect's answers).
    const writtenBy = Date.now() + 5_000
    while ((await acks()).rowCount === 0 && Date.now() < writtenBy)
      await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await acks()).rowCount).toBe(1)
    await Promise.all([back.close(), sender.close()])
  })

  it('publishes a batch: each message reaches its topic, in order, with its tag', async () => {
    const [one, two] = [newTopic(), newTopic()]
    const publisher = await connectRaw(server, createRelayTestIdentity())
    const subscriber = await connectRaw(server, createRelayTestIdentity())
    await subscriber.call(1, 'irn_batchSubscribe', { topics: [one, two] })
    const answer = await publisher.call(2, 'irn_batchPublish', {
      messages: [
        { topic: one, message: 'first', ttl: 60, tag: 1108 },
        { topic: two, message: 'second', ttl: 60, tag: 1109 },
      ],
    })
    expect(answer.result).toBe(true)
    const first = await subscriber.delivery()
    const second = await subscriber.delivery()
    expect([first.params, second.params]).toMatchObject([
      { data: { topic: one, message: 'first', tag: 1108, attestation: '' } },
      { data: { topic: two, message: 'second', tag: 1109, attestation: '' } },
    ])
    await Promise.all([publisher.close(), subscriber.close()])
  })

  it('stops delivering a topic after irn_unsubscribe and irn_batchUnsubscribe', async () => {
    const [one, two, three] = [newTopic(), newTopic(), newTopic()]
    const publisher = await connectRaw(server, createRelayTestIdentity())
    const subscriber = await connectRaw(server, createRelayTestIdentity())
    const ids = (await subscriber.call(1, 'irn_batchSubscribe', { topics: [one, two, three] }))
      .result as string[]
    expect((await subscriber.call(2, 'irn_unsubscribe', { topic: one })).result).toBe(true)
    expect(
      (
        await subscriber.call(3, 'irn_batchUnsubscribe', {
          subscriptions: [{ topic: two, id: ids[1] }],
        })
      ).result,
    ).toBe(true)
    for (const topic of [one, two, three]) {
      await publisher.call(`p-${topic.slice(0, 8)}`, 'irn_publish', {
        topic,
        message: `on-${topic}`,
        ttl: 60,
      })
    }
    // only the topic still subscribed arrives, and nothing before it
    expect(deliveredMessage(await subscriber.delivery())).toBe(`on-${three}`)
    await sentinel(publisher, subscriber)
    expect(subscriber.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    await Promise.all([publisher.close(), subscriber.close()])
  })

  it('answers irn_batchFetchMessages with waiting messages, counts them delivered, pages past 500', async () => {
    const topic = newTopic()
    const publisher = await connectRaw(server, createRelayTestIdentity())
    const reader = createRelayTestIdentity()
    // 501 messages in six batches (100 publishes a second: the clock moves a second each batch)
    for (let batch = 0; batch < 6; batch++) {
      const messages = Array.from({ length: batch < 5 ? 100 : 1 }, (_, index) => ({
        topic,
        message: `m-${batch}-${index}`,
        ttl: 600,
      }))
      expect((await publisher.call(batch + 1, 'irn_batchPublish', { messages })).result).toBe(true)
      now += 1_000
    }
    const client = await connectRaw(server, reader)
    const page = (await client.call(1, 'irn_batchFetchMessages', { topics: [topic] })).result as {
      messages: Array<{ topic: string; message: string; attestation: string }>
      hasMore: boolean
    }
    expect(page.hasMore).toBe(true)
    expect(page.messages).toHaveLength(500)
    expect(page.messages[0]).toMatchObject({
      topic,
      message: expect.stringMatching(/^m-0-/),
      attestation: '',
    })
    const rest = (await client.call(2, 'irn_batchFetchMessages', { topics: [topic] })).result
    expect(rest).toMatchObject({ messages: [{ message: 'm-5-0' }], hasMore: false })
    expect((await client.call(3, 'irn_batchFetchMessages', { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    // fetched counts as delivered: subscribing pushes none of them
    await client.call(4, 'irn_subscribe', { topic })
    await sentinel(publisher, client)
    await Promise.all([publisher.close(), client.close()])
  })

  it('delivers before the message is written, answers the publisher once it is, and finds it for a client subscribing meanwhile', async () => {
    const relay = server.app.relay
    if (!relay) throw new Error('relay is off')
    const topic = newTopic()
    // A slow database: writes on this topic wait until released.
    const mailbox = relay.hub.options.mailbox
    const store = mailbox.store.bind(mailbox)
    let release: () => void = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    mailbox.store = async (message) => {
      if (message.topic === topic) await released
      return store(message)
    }
    try {
      const publisher = await connectRaw(server, createRelayTestIdentity())
      const online = await connectRaw(server, createRelayTestIdentity())
      await online.call(1, 'irn_subscribe', { topic })
      publisher.send(request(2, 'irn_publish', { topic, message: 'slow write', ttl: 60 }))
      expect(deliveredMessage(await online.delivery())).toBe('slow write')
      // a client subscribing while the write is pending still gets it from the relay's memory
      const late = await connectRaw(server, createRelayTestIdentity())
      await late.call(3, 'irn_subscribe', { topic })
      expect(deliveredMessage(await late.delivery())).toBe('slow write')
      expect(await storedOn(topic)).toBe(0)
      expect(publisher.frames.filter((frame) => frame.id === 2)).toEqual([])
      release()
      expect((await publisher.next((frame) => frame.id === 2)).result).toBe(true)
      expect(await storedOn(topic)).toBe(1)
      // and neither gets it twice
      await sentinel(publisher, online)
      await sentinel(publisher, late)
      await Promise.all([publisher.close(), online.close(), late.close()])
    } finally {
      mailbox.store = store
      release()
    }
  })

  it('neither pushes nor fetches a message past its TTL', async () => {
    const topic = newTopic()
    const publisher = await connectRaw(server, createRelayTestIdentity())
    await publisher.call(1, 'irn_publish', { topic, message: 'short', ttl: 30 })
    await publisher.call(2, 'irn_publish', { topic, message: 'long', ttl: 3_600 })
    now += 31_000
    const reader = await connectRaw(server, createRelayTestIdentity())
    const fetched = (await reader.call(3, 'irn_batchFetchMessages', { topics: [topic] })).result
    expect(fetched).toMatchObject({ messages: [{ message: 'long' }], hasMore: false })
    const late = await connectRaw(server, createRelayTestIdentity())
    await late.call(4, 'irn_subscribe', { topic })
    expect(deliveredMessage(await late.delivery())).toBe('long')
    await sentinel(publisher, late)
    await Promise.all([publisher.close(), reader.close(), late.close()])
  })
})
