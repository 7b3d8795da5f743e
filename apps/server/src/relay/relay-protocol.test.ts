// The relay's JSON-RPC contract spoken by raw sockets: ids echoed as sent, an error for an
// unknown method, mailbox delivery per client id across reconnects, and the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'
import { DEFAULT_RELAY_CONFIG } from './relay-config'
import { createRelayTestIdentity, type RelayTestIdentity } from './relay-test-identity'

interface RawClient {
  frames: Record<string, unknown>[]
  send(frame: string): void
  next(match: (frame: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>
  close(): Promise<void>
}

async function connect(server: TestServer, identity: RelayTestIdentity): Promise<RawClient> {
  const url = `${server.url.replace('http', 'ws')}/relay?projectId=${DEV_PROJECT_ID}&ua=raw&auth=${identity.jwt()}`
  const socket = new WebSocket(url)
  const frames: Record<string, unknown>[] = []
  const waiters: Array<() => void> = []
  socket.on('message', (data) => {
    frames.push(JSON.parse(data.toString()))
    for (const wake of waiters.splice(0)) wake()
  })
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return {
    frames,
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
    close: () =>
      new Promise((resolve) => {
        socket.once('close', () => resolve())
        socket.close()
      }),
  }
}

const request = (id: string | number, method: string, params: unknown) =>
  JSON.stringify({ id, jsonrpc: '2.0', method, params })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('relay protocol', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({
      config: {
        relay: {
          ...DEFAULT_RELAY_CONFIG,
          limits: {
            ...DEFAULT_RELAY_CONFIG.limits,
            maxMessageChars: 100,
            maxTopicsPerClient: 2,
            publishesPerSecond: 3,
          },
        },
      },
    })
  })
  afterAll(() => server?.stop())

  it('echoes ids as sent and answers an unknown method with an error', async () => {
    const client = await connect(server, createRelayTestIdentity())
    client.send('{"id":1234567890123456789,"jsonrpc":"2.0","method":"irn_nothing","params":{}}')
    const raw = await client.next(() => true)
    expect(raw.error).toMatchObject({ code: -32601 })
    client.send(request('1234567890123456789', 'irn_subscribe', { topic: 'a'.repeat(64) }))
    const answer = await client.next((frame) => frame.id === '1234567890123456789')
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
    await client.close()
  })

  it('keeps messages per client id: none of its own, none twice after an ack', async () => {
    const topic = 'b'.repeat(64)
    const alice = createRelayTestIdentity()
    const bob = createRelayTestIdentity()
    const sender = await connect(server, alice)
    sender.send(request(1, 'irn_subscribe', { topic }))
    await sender.next((frame) => frame.id === 1)
    sender.send(request(2, 'irn_publish', { topic, message: 'hello', ttl: 300, tag: 1108 }))
    expect((await sender.next((frame) => frame.id === 2)).result).toBe(true)
    // bob was offline: the mailbox pushes it when he subscribes; he acks it
    const receiver = await connect(server, bob)
    receiver.send(request(3, 'irn_subscribe', { topic }))
    const delivery = await receiver.next((frame) => frame.method === 'irn_subscription')
    expect(delivery.params).toMatchObject({
      data: { topic, message: 'hello', tag: 1108, attestation: '' },
    })
    receiver.send(JSON.stringify({ id: delivery.id, jsonrpc: '2.0', result: true }))
    const acked = () =>
      server.app.portico.db.query('SELECT 1 FROM relay_deliveries WHERE client_id = $1', [bob.did])
    while ((await acked()).rowCount === 0) await pause(10)
    await receiver.close()
    // reconnecting: bob gets nothing again, alice never gets her own message
    const again = await connect(server, bob)
    again.send(request(4, 'irn_batchSubscribe', { topics: [topic] }))
    again.send(request(5, 'irn_batchFetchMessages', { topics: [topic] }))
    expect((await again.next((frame) => frame.id === 5)).result).toEqual({
      messages: [],
      hasMore: false,
    })
    await pause(100)
    expect(again.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    expect(sender.frames.filter((frame) => frame.method === 'irn_subscription')).toEqual([])
    await Promise.all([again.close(), sender.close()])
  })

  it('refuses a too-large message, too many topics and too many publishes', async () => {
    const client = await connect(server, createRelayTestIdentity())
    client.send(request(1, 'irn_publish', { topic: 'c', message: 'x'.repeat(101), ttl: 60 }))
    expect((await client.next((frame) => frame.id === 1)).error).toMatchObject({ code: -32010 })
    client.send(request(2, 'irn_batchSubscribe', { topics: ['t1', 't2', 't3'] }))
    expect((await client.next((frame) => frame.id === 2)).error).toMatchObject({ code: -32011 })
    const codes: unknown[] = []
    for (let id = 10; id < 17; id++) {
      client.send(request(id, 'irn_publish', { topic: 'c', message: `m${id}`, ttl: 60 }))
      const answer = await client.next((frame) => frame.id === id)
      codes.push(answer.result ?? (answer.error as { code: number }).code)
    }
    // 3 a second: 7 quick publishes span at most two windows, so at least one is refused
    expect(codes.filter((code) => code === -32012).length).toBeGreaterThanOrEqual(1)
    await client.close()
  })
})
