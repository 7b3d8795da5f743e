// Every field of every relay method is checked against the protocol before any work: topics of
// 64 lower-case hex characters, positive ids, TTLs of 30 s to 30 days, tags, bounded lists, and
// only the relay's own method names. Each refusal is a JSON-RPC error and stores nothing.
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, type RawClient } from '../test/relay-socket'
import { startTestServer, type TestServer } from '../test/test-server'

const newTopic = () => randomBytes(32).toString('hex')

describe('relay input validation', () => {
  let server: TestServer
  let client: RawClient
  const clientId = createRelayTestIdentity()
  beforeAll(async () => {
    server = await startTestServer()
    client = await connectRaw(server, clientId)
  })
  afterAll(async () => {
    await client?.close()
    await server?.stop()
  })

  const rowCount = async () =>
    Number(
      (
        await server.app.portico.db.query<{ count: string }>(
          'SELECT count(*) AS count FROM relay_messages',
        )
      ).rows[0]?.count,
    )
  let nextId = 100
  const refusal = async (method: string, params: unknown) => {
    nextId += 1
    return (await client.call(nextId, method, params)).error
  }

  it('refuses topics that are not 64 lower-case hex characters, in every method', async () => {
    const topic = newTopic()
    const badTopics = [
      topic.toUpperCase(),
      topic.slice(1),
      `${topic}0`,
      `${topic.slice(0, 63)}g`,
      'a',
      '',
      42,
      null,
    ]
    const before = await rowCount()
    for (const bad of badTopics) {
      const invalid = { code: -32602, message: expect.stringContaining('64 lower-case hex') }
      expect(await refusal('irn_publish', { topic: bad, message: 'm', ttl: 60 })).toEqual(invalid)
      expect(await refusal('irn_subscribe', { topic: bad })).toEqual(invalid)
      expect(await refusal('irn_unsubscribe', { topic: bad })).toEqual(invalid)
      expect(await refusal('irn_batchSubscribe', { topics: [topic, bad] })).toEqual(invalid)
      expect(await refusal('irn_batchFetchMessages', { topics: [bad] })).toEqual(invalid)
      expect(await refusal('irn_batchUnsubscribe', { subscriptions: [{ topic: bad }] })).toEqual(
        invalid,
      )
      expect(
        await refusal('irn_batchPublish', {
          messages: [
            { topic, message: 'fine', ttl: 60 },
            { topic: bad, message: 'm', ttl: 60 },
          ],
        }),
      ).toEqual(invalid)
      expect(
        await refusal('wc_approveSession', {
          pairingTopic: topic,
          sessionTopic: bad,
          sessionProposalResponse: 'r',
          sessionSettlementRequest: 's',
        }),
      ).toEqual(invalid)
    }
    // nothing stored, nothing subscribed (the batch's valid topic included)
    expect(await rowCount()).toBe(before)
    expect(server.app.relay?.hub.topicCount(clientId.did)).toBe(0)
  })

  it('refuses TTLs outside 30 s to 30 days, tags outside 0 to 2^31-1, and messages a text column cannot hold', async () => {
    const topic = newTopic()
    const before = await rowCount()
    for (const ttl of [29, 0, -60, 30.5, 2_592_001, 1e300, '300', true]) {
      expect(await refusal('irn_publish', { topic, message: 'm', ttl }), String(ttl)).toEqual({
        code: -32602,
        message: 'Invalid params: ttl must be a whole number from 30 to 2592000',
      })
    }
    for (const tag of [-1, 2 ** 31, 1.5, '1100']) {
      expect(await refusal('irn_publish', { topic, message: 'm', ttl: 60, tag })).toEqual({
        code: -32602,
        message: 'Invalid params: tag must be a whole number from 0 to 2147483647',
      })
    }
    // what the mailbox's text column cannot hold, in any message field
    expect(await refusal('irn_publish', { topic, message: 'a\u0000b', ttl: 60 })).toEqual({
      code: -32602,
      message: 'Invalid params: message must not contain U+0000',
    })
    expect(await refusal('irn_publish', { topic, message: 'a\ud800b', ttl: 60 })).toEqual({
      code: -32602,
      message: 'Invalid params: message must not contain a lone surrogate',
    })
    expect(
      await refusal('wc_proposeSession', { pairingTopic: topic, sessionProposal: '\u0000' }),
    ).toEqual({ code: -32602, message: 'Invalid params: sessionProposal must not contain U+0000' })
    expect(await rowCount()).toBe(before)
    // the protocol's own bounds are taken: a ping's 30 s and the 30 days of the longest
    for (const ttl of [30, 2_592_000]) {
      nextId += 1
      const answer = await client.call(nextId, 'irn_publish', { topic, message: `t${ttl}`, ttl })
      expect(answer.result).toBe(true)
    }
  })

  it('refuses request ids that are not positive whole numbers or short strings', async () => {
    const before = await rowCount()
    const topic = newTopic()
    const params = { topic, message: 'm', ttl: 60 }
    const badIds = [0, -1, 1.5, 1e19, 2e20, '', 'x'.repeat(65), true, {}, []]
    for (const id of badIds) {
      client.send(JSON.stringify({ id, jsonrpc: '2.0', method: 'irn_publish', params }))
      expect(await client.next(() => true), JSON.stringify(id)).toEqual({
        id: null,
        jsonrpc: '2.0',
        error: { code: -32600, message: 'Invalid request' },
      })
    }
    // and requests that are not JSON-RPC 2.0
    client.send(JSON.stringify({ id: 7, method: 'irn_publish', params }))
    expect((await client.next(() => true)).error).toEqual({
      code: -32600,
      message: 'Invalid request',
    })
    expect(await rowCount()).toBe(before)
    // what the SDKs send: 19 digits, as a string or (Kotlin's Long) as a number
    client.send(
      JSON.stringify({ id: '1795554679329225984', jsonrpc: '2.0', method: 'irn_publish', params }),
    )
    expect((await client.next(() => true)).id).toBe('1795554679329225984')
    client.send(
      `{"id":9223372036854775807,"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"${topic}"}}`,
    )
    const answer = await client.next(() => true)
    expect(answer.result).toMatch(/^[0-9a-f]{64}$/)
  })

  it('answers a name inherited from Object.prototype as an unknown method', async () => {
    for (const method of [
      'constructor',
      'toString',
      '__proto__',
      'hasOwnProperty',
      'valueOf',
      '__defineGetter__',
    ]) {
      expect(await refusal(method, {}), method).toEqual({
        code: -32601,
        message: 'Method not found',
      })
    }
  })

  it('bounds every list: topics by the topic limit, a batch publish by the publish rate', async () => {
    const before = await rowCount()
    const subscribed = server.app.relay?.hub.topicCount(clientId.did)
    const topics = Array.from({ length: 1_001 }, newTopic)
    expect(await refusal('irn_batchSubscribe', { topics })).toEqual({
      code: -32011,
      message: 'Too many topics: at most 1000 a client',
    })
    expect(await refusal('irn_batchFetchMessages', { topics })).toMatchObject({ code: -32011 })
    expect(
      await refusal('irn_batchUnsubscribe', {
        subscriptions: topics.map((topic) => ({ topic })),
      }),
    ).toEqual({
      code: -32602,
      message: 'Invalid params: subscriptions must hold at most 1000 entries',
    })
    const messages = Array.from({ length: 101 }, (_, index) => ({
      topic: topics[0],
      message: `m${index}`,
      ttl: 60,
    }))
    expect(await refusal('irn_batchPublish', { messages })).toEqual({
      code: -32602,
      message: 'Invalid params: messages must hold at most 100 entries',
    })
    expect(
      await refusal('irn_batchUnsubscribe', {
        subscriptions: [{ topic: topics[0], id: 'not a subscription id' }],
      }),
    ).toEqual({ code: -32602, message: 'Invalid params: id must be 64 lower-case hex characters' })
    expect(await rowCount()).toBe(before)
    expect(server.app.relay?.hub.topicCount(clientId.did)).toBe(subscribed)
  })
})
