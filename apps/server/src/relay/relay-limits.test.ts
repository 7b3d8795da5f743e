// The relay's limits on what a socket asks, each refused with its own JSON-RPC error and nothing
// stored: message size, topics per client, publishes per second per client, and a socket refused
// too often is closed. Past the publishes and message characters one address may send in a
// second its sockets wait for the next second instead. The server's clock is frozen and moved by
// hand, so the count in a one-second window is exact.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, type Frame, type RawClient, request } from '../test/relay-socket'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')

describe('relay limits', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    server = await startTestServer({
      deps: { clock: () => now },
      config: relayWithLimits({
        maxMessageChars: 100,
        maxTopicsPerClient: 2,
        publishesPerSecond: 3,
        publishesPerAddressPerSecond: 6,
        publishedCharsPerAddressPerSecond: 250,
        refusalsPerSocketPerSecond: 3,
      }),
    })
  })
  afterAll(() => server?.stop())

  const stored = async (topic: string) =>
    (
      await server.app.portico.db.query<{ message: string }>(
        'SELECT message FROM relay_messages WHERE topic = $1',
        [topic],
      )
    ).rows.map((row) => row.message)

  it('refuses a message over the size limit with -32010', async () => {
    const client = await connectRaw(server, createRelayTestIdentity())
    const topic = newTopic()
    const tooLarge = await client.call(1, 'irn_publish', {
      topic,
      message: 'x'.repeat(101),
      ttl: 60,
    })
    expect(tooLarge.error).toEqual({
      code: -32010,
      message: 'Message too large: at most 100 characters',
    })
    const inBatch = await client.call(2, 'irn_batchPublish', {
      messages: [
        { topic, message: 'small', ttl: 60 },
        { topic, message: 'y'.repeat(101), ttl: 60 },
      ],
    })
    expect(inBatch.error).toMatchObject({ code: -32010 })
    expect(await stored(topic)).toEqual([])
    const atLimit = 'z'.repeat(100)
    expect((await client.call(3, 'irn_publish', { topic, message: atLimit, ttl: 60 })).result).toBe(
      true,
    )
    expect(await stored(topic)).toEqual([atLimit])
    await client.close()
  })

  it('refuses subscriptions past the topic limit with -32011 and keeps the ones it has', async () => {
    const identity = createRelayTestIdentity()
    const client = await connectRaw(server, identity)
    const [one, two, three] = [newTopic(), newTopic(), newTopic()]
    expect(
      (await client.call(1, 'irn_batchSubscribe', { topics: [one, two, three] })).error,
    ).toEqual({ code: -32011, message: 'Too many topics: at most 2 a client' })
    expect(server.app.relay?.hub.topicCount(identity.did)).toBe(0)
    expect(
      (await client.call(2, 'irn_batchSubscribe', { topics: [one, two] })).result,
    ).toHaveLength(2)
    // subscribing again to a topic it has is not a new topic
    expect((await client.call(3, 'irn_subscribe', { topic: one })).result).toBeTypeOf('string')
    expect((await client.call(4, 'irn_subscribe', { topic: three })).error).toMatchObject({
      code: -32011,
    })
    expect(server.app.relay?.hub.isSubscribed(identity.did, three)).toBe(false)
    await client.call(5, 'irn_unsubscribe', { topic: two })
    expect((await client.call(6, 'irn_subscribe', { topic: three })).result).toBeTypeOf('string')
    await client.close()
  })

  it('refuses publishes past the rate with -32012 until the next second', async () => {
    const client = await connectRaw(server, createRelayTestIdentity())
    const topic = newTopic()
    now = Math.ceil(now / 1_000) * 1_000 // the start of a window
    const answers: unknown[] = []
    for (let id = 1; id <= 4; id++) {
      const answer = await client.call(id, 'irn_publish', { topic, message: `m${id}`, ttl: 60 })
      answers.push(answer.result ?? answer.error)
    }
    expect(answers).toEqual([
      true,
      true,
      true,
      { code: -32012, message: 'Too many requests: at most 3 a second' },
    ])
    expect((await stored(topic)).sort()).toEqual(['m1', 'm2', 'm3'])
    now += 1_000
    // a batch is counted message by message: two fit in the new window, a third batch does not
    const batch = (id: string) => ({
      messages: [
        { topic, message: `${id}a`, ttl: 60 },
        { topic, message: `${id}b`, ttl: 60 },
      ],
    })
    expect((await client.call(5, 'irn_batchPublish', batch('b1'))).result).toBe(true)
    expect((await client.call(6, 'irn_batchPublish', batch('b2'))).error).toMatchObject({
      code: -32012,
    })
    expect((await stored(topic)).sort()).toEqual(['b1a', 'b1b', 'm1', 'm2', 'm3'])
    await client.close()
  })

  /** The answers `client` gets from now on, in the order they come. */
  const answersInOrder = (client: RawClient) => {
    const answers: unknown[] = []
    client.socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as Frame
      if (!('method' in frame)) answers.push(frame.result ?? frame.error)
    })
    return answers
  }

  it('holds the publishes of an address past its rate until the next second, however many keys it uses', async () => {
    now = Math.ceil((now + 1) / 1_000) * 1_000
    const topic = newTopic()
    const answers: unknown[] = []
    // a fresh key per socket, as a client escaping the per-key rate would use
    for (let index = 1; index <= 6; index++) {
      const client = await connectRaw(server, createRelayTestIdentity())
      const answer = await client.call(1, 'irn_publish', { topic, message: `k${index}`, ttl: 60 })
      answers.push(answer.result ?? answer.error)
      await client.close()
    }
    expect(answers).toEqual([true, true, true, true, true, true])
    const waiting = await connectRaw(server, createRelayTestIdentity())
    const waitingAnswers = answersInOrder(waiting)
    waiting.send(request(1, 'irn_publish', { topic, message: 'k7', ttl: 60 }))
    // behind the publish that waits, even a frame that publishes nothing waits
    waiting.send(request(2, 'irn_subscribe', { topic: newTopic() }))
    // another address has a budget of its own, and a socket of this one that does not publish
    // is read as usual
    const elsewhere = await connectRaw(server, createRelayTestIdentity(), {
      localAddress: '127.0.0.2',
    })
    expect((await elsewhere.call(1, 'irn_publish', { topic, message: 'e1', ttl: 60 })).result).toBe(
      true,
    )
    const sameAddress = await connectRaw(server, createRelayTestIdentity())
    expect((await sameAddress.call(1, 'irn_subscribe', { topic: newTopic() })).result).toBeTypeOf(
      'string',
    )
    expect(waitingAnswers).toEqual([])
    expect((await stored(topic)).sort()).toEqual(['e1', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6'])
    now += 1_000
    // a publish is answered once stored, the subscribe at once: they may cross
    expect((await waiting.next((frame) => frame.id === 1)).result).toBe(true)
    expect((await waiting.next((frame) => frame.id === 2)).result).toBeTypeOf('string')
    expect(await stored(topic)).toContain('k7')
    await Promise.all([waiting.close(), elsewhere.close(), sameAddress.close()])
  })

  it('holds publishes past the message characters of one address in a second, and takes them in turn', async () => {
    now = Math.ceil((now + 1) / 1_000) * 1_000
    const topic = newTopic()
    const [first, second, third] = [
      await connectRaw(server, createRelayTestIdentity()),
      await connectRaw(server, createRelayTestIdentity()),
      await connectRaw(server, createRelayTestIdentity()),
    ]
    const hundred = (letter: string) => letter.repeat(100)
    expect(
      (await first.call(1, 'irn_publish', { topic, message: hundred('a'), ttl: 60 })).result,
    ).toBe(true)
    expect(
      (await first.call(2, 'irn_publish', { topic, message: hundred('b'), ttl: 60 })).result,
    ).toBe(true)
    // another key of the same address shares its budget: 300 characters would be over 250, so
    // the second socket waits, and what it sends after waits behind it though it would fit
    const secondAnswers = answersInOrder(second)
    second.send(request(1, 'irn_publish', { topic, message: hundred('c'), ttl: 60 }))
    second.send(request(2, 'irn_publish', { topic, message: 'd'.repeat(50), ttl: 60 }))
    // what is left of the budget still goes to a socket that is not waiting
    expect(
      (await third.call(1, 'irn_publish', { topic, message: 'e'.repeat(50), ttl: 60 })).result,
    ).toBe(true)
    expect(secondAnswers).toEqual([])
    now += 1_000
    await second.next((frame) => frame.id === 2)
    expect(secondAnswers).toEqual([true, true])
    expect((await stored(topic)).sort()).toEqual([
      hundred('a'),
      hundred('b'),
      hundred('c'),
      'd'.repeat(50),
      'e'.repeat(50),
    ])
    await Promise.all([first.close(), second.close(), third.close()])
  })

  it('refuses with -32012 at once a batch of more characters than one address may send in a second, storing none of it', async () => {
    now = Math.ceil((now + 1) / 1_000) * 1_000
    const topic = newTopic()
    const client = await connectRaw(server, createRelayTestIdentity())
    const batch = (count: number, chars: number) => ({
      messages: Array.from({ length: count }, (_, index) => ({
        topic,
        message: String(index).padEnd(chars, 'x'),
        ttl: 60,
      })),
    })
    expect((await client.call(2, 'irn_batchPublish', batch(3, 100))).error).toEqual({
      code: -32012,
      message: 'Too many requests: at most 250 message characters a second from one address',
    })
    expect(await stored(topic)).toEqual([])
    // nothing of the address's budget was spent on them
    expect((await client.call(3, 'irn_batchPublish', batch(2, 100))).result).toBe(true)
    await client.close()
  })

  it('closes a socket with 1008 once it is refused for rate 3 times in a second, answering the third', async () => {
    now = Math.ceil((now + 1) / 1_000) * 1_000
    const client = await connectRaw(server, createRelayTestIdentity())
    let close: { code: number; reason: string } | undefined
    client.socket.once('close', (code, reason) => {
      close = { code, reason: reason.toString() }
    })
    const topic = newTopic()
    for (let id = 1; id <= 3; id++) {
      expect(
        (await client.call(id, 'irn_publish', { topic, message: `r${id}`, ttl: 60 })).result,
      ).toBe(true)
    }
    // past the client's rate: the first two refusals leave the socket open
    for (let id = 4; id <= 5; id++) {
      expect(
        (await client.call(id, 'irn_publish', { topic, message: `r${id}`, ttl: 60 })).error,
      ).toMatchObject({ code: -32012 })
    }
    expect(client.socket.readyState).toBe(client.socket.OPEN)
    client.send(request(6, 'irn_publish', { topic, message: 'r6', ttl: 60 }))
    client.send(request(7, 'irn_publish', { topic, message: 'r7', ttl: 60 }))
    await client.closed
    expect(close).toEqual({ code: 1008, reason: 'Too many refused requests' })
    // the third refusal was answered; what came after it was not
    expect(client.frames.map((frame) => frame.id)).toEqual([6])
    expect(client.frames[0]?.error).toMatchObject({ code: -32012 })
    expect((await stored(topic)).sort()).toEqual(['r1', 'r2', 'r3'])
  })
})
