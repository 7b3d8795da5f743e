// The relay's timers under fake setInterval (the rest of the server keeps real time): a ping
// every 20 s, a socket that missed its last one closed at its next, and expired mailbox
// messages pruned every minute by the server's (hand-moved) clock.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, deliveredMessage } from '../test/relay-socket'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')

async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > 10_000) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe('relay timers', () => {
  let server: TestServer
  let now = Date.now()
  beforeAll(async () => {
    // performance.now too: the ping wheel's position follows it
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] })
    server = await startTestServer({ deps: { clock: () => now } })
  })
  afterAll(async () => {
    await server?.stop()
    vi.useRealTimers()
  })

  it('pings each socket once every 20 s and closes a socket that did not answer', async () => {
    const relay = server.app.relay
    if (!relay) throw new Error('relay is off')
    const topic = newTopic()
    const liveIdentity = createRelayTestIdentity()
    const deadIdentity = createRelayTestIdentity()
    const live = await connectRaw(server, liveIdentity)
    const dead = await connectRaw(server, deadIdentity, { autoPong: false })
    await live.call(1, 'irn_subscribe', { topic })
    await dead.call(1, 'irn_subscribe', { topic })
    const pings = { live: 0, dead: 0 }
    live.socket.on('ping', () => pings.live++)
    dead.socket.on('ping', () => pings.dead++)

    // The sockets' pings are spread over the 20 s; each gets one in it, and only one.
    vi.advanceTimersByTime(20_000)
    await until(() => pings.live === 1 && pings.dead === 1)
    // the live socket's pong went out before this request, so the relay has it when it answers
    await live.call(2, 'irn_batchFetchMessages', { topics: [] })
    expect(pings).toEqual({ live: 1, dead: 1 })

    vi.advanceTimersByTime(20_000)
    await dead.closed
    await until(() => pings.live === 2)
    expect(relay.connectedClients()).toEqual([liveIdentity.did])
    expect(relay.hub.isSubscribed(deadIdentity.did, topic)).toBe(false)
    expect(relay.hub.isSubscribed(liveIdentity.did, topic)).toBe(true)

    // what is published meanwhile waits for the closed client and reaches it when it is back
    const publisher = await connectRaw(server, createRelayTestIdentity())
    await publisher.call(1, 'irn_publish', { topic, message: 'while away', ttl: 300 })
    expect(deliveredMessage(await live.delivery())).toBe('while away')
    const back = await connectRaw(server, deadIdentity)
    await back.call(1, 'irn_subscribe', { topic })
    expect(deliveredMessage(await back.delivery())).toBe('while away')
    await Promise.all([live.close(), back.close(), publisher.close()])
  })

  it('drops expired mailbox messages every minute; what a client has is not sent again', async () => {
    const hub = server.app.relay?.hub
    if (!hub) throw new Error('relay is off')
    const topic = newTopic()
    const publisher = await connectRaw(server, createRelayTestIdentity())
    await publisher.call(1, 'irn_publish', { topic, message: 'short', ttl: 30 })
    await publisher.call(2, 'irn_publish', { topic, message: 'long', ttl: 3_600 })
    const readerIdentity = createRelayTestIdentity()
    const reader = await connectRaw(server, readerIdentity)
    await reader.call(3, 'irn_subscribe', { topic })
    const first = await reader.delivery()
    const second = await reader.delivery()
    expect([deliveredMessage(first), deliveredMessage(second)].sort()).toEqual(['long', 'short'])
    const kept = async () =>
      (
        await server.app.portico.db.query<{ message: string }>(
          'SELECT message FROM relay_messages WHERE topic = $1 ORDER BY message',
          [topic],
        )
      ).rows.map((row) => row.message)
    const acks = async () =>
      (
        await server.app.portico.db.query(
          'SELECT a.client_id FROM relay_acks a JOIN relay_messages m ON m.id = ANY(a.message_ids) WHERE m.topic = $1',
          [topic],
        )
      ).rowCount
    await until(async () => (await acks()) === 2)
    expect(hub.rememberedDeliveries(readerIdentity.did)).toBe(2)

    now += 31_000
    // The hub's own memory of the deliveries has passed; the written acks keep them from
    // going out again when the reader subscribes anew.
    expect(hub.rememberedDeliveries(readerIdentity.did)).toBe(0)
    await reader.call(4, 'irn_batchSubscribe', { topics: [topic] })
    expect((await reader.call(5, 'irn_batchFetchMessages', { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false,
    })
    expect(await kept()).toEqual(['long', 'short'])
    // A minute in ping-sized steps, each followed by a round trip, so the reader's pongs arrive
    // and it stays connected.
    for (let step = 0; step < 3; step++) {
      vi.advanceTimersByTime(20_000)
      await reader.call(10 + step, 'irn_batchFetchMessages', { topics: [] })
    }
    await until(async () => (await kept()).length === 1)
    expect(await kept()).toEqual(['long'])
    expect(await acks()).toBe(1)
    await Promise.all([publisher.close(), reader.close()])
  })
})
