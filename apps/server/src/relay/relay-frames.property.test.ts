// Any frame a client can send gets a JSON-RPC answer (or, for an answer of its own, none) or a
// close with a documented code: never the internal error, and no row beyond what an accepted
// publish writes. Frames are drawn over the whole space: random text and JSON, the relay's
// methods, Object.prototype names, params of every type, huge values, binary frames.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, type Frame, type RawClient } from '../test/relay-socket'
import { relayWithLimits } from '../test/relay-with-limits'
import { startTestServer, type TestServer } from '../test/test-server'

const MAX_MESSAGE_CHARS = 1_000
/** ws's own frame limit on the server: the message limit and 16 kB of JSON around it. */
const MAX_PAYLOAD = MAX_MESSAGE_CHARS + 16 * 1024
/** Every error code the relay documents; -32603 (internal) is not among them. */
const DOCUMENTED_ERRORS = new Set([-32700, -32600, -32601, -32602, -32010, -32011, -32012])
/** Binary frame, not UTF-8, too much unread, frame too large. */
const DOCUMENTED_CLOSES = new Set([1003, 1007, 1008, 1009])
const PUBLISHING = new Set([
  'irn_publish',
  'irn_batchPublish',
  'wc_proposeSession',
  'wc_approveSession',
])

const METHODS = [
  'irn_publish',
  'irn_batchPublish',
  'irn_subscribe',
  'irn_batchSubscribe',
  'irn_unsubscribe',
  'irn_batchUnsubscribe',
  'irn_batchFetchMessages',
  'irn_fetchMessages',
  'irn_subscription',
  'wc_proposeSession',
  'wc_approveSession',
  ...Object.getOwnPropertyNames(Object.prototype),
]
const FIELDS = [
  'topic',
  'topics',
  'message',
  'messages',
  'ttl',
  'tag',
  'prompt',
  'subscriptions',
  'id',
  'pairingTopic',
  'sessionTopic',
  'sessionProposal',
  'sessionProposalResponse',
  'sessionSettlementRequest',
  '__proto__',
  'constructor',
]

const topicArb = fc.oneof(
  fc.constant('a'.repeat(64)),
  fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .map((bytes) => Buffer.from(bytes).toString('hex')),
  fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: 62, maxLength: 66 }),
)
const scalarArb = fc.oneof(
  topicArb,
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.constantFrom(0, -1, 29, 30, 300, 2_592_000, 2_592_001, 2 ** 31, 2 ** 53, 1e19, 1e308, -0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('A'.repeat(MAX_MESSAGE_CHARS), 'A'.repeat(MAX_MESSAGE_CHARS + 1)),
)
const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalarArb,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(topicArb, { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 4 }),
  ),
})).value
/** Mostly what the protocol takes, sometimes anything: the checks past the first are reached. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<unknown>) =>
  fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: other, weight: 1 })
const messageArb = mostly(
  fc.string({ minLength: 1, maxLength: 40 }),
  fc.oneof(
    scalarArb,
    fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'A'.repeat(MAX_MESSAGE_CHARS + 1)),
  ),
)
const publishArb = fc.record(
  {
    topic: mostly(topicArb, scalarArb),
    message: messageArb,
    ttl: mostly(fc.integer({ min: 30, max: 2_592_000 }), scalarArb),
    tag: mostly(fc.integer({ min: 0, max: 2 ** 31 - 1 }), scalarArb),
  },
  { requiredKeys: ['topic', 'message'] },
)
const batchPublishArb = fc.record({
  messages: fc.array(mostly(publishArb, valueArb), { maxLength: 4 }),
})
const topicsArb = fc.record({ topics: fc.array(mostly(topicArb, scalarArb), { maxLength: 4 }) })
const subscriptionsArb = fc.record({
  subscriptions: fc.array(mostly(fc.record({ topic: topicArb }), valueArb), { maxLength: 3 }),
})
const sessionArb = fc.record(
  {
    pairingTopic: mostly(topicArb, scalarArb),
    sessionTopic: mostly(topicArb, scalarArb),
    sessionProposal: messageArb,
    sessionProposalResponse: messageArb,
    sessionSettlementRequest: messageArb,
    ttl: mostly(fc.integer({ min: 30, max: 2_592_000 }), scalarArb),
  },
  { requiredKeys: ['pairingTopic', 'sessionTopic'] },
)
const paramsArb = fc.oneof(
  publishArb,
  batchPublishArb,
  topicsArb,
  subscriptionsArb,
  sessionArb,
  fc.dictionary(fc.constantFrom(...FIELDS), valueArb, { maxKeys: 8 }),
  fc.anything(),
)
const idArb = mostly(
  fc.integer({ min: 1 }),
  fc.oneof(
    fc.string({ maxLength: 70 }),
    fc.constantFrom(0, -5, 1.5, 2 ** 53, 1e19, null, true),
    fc.anything(),
  ),
)
const requestText = fc
  .record(
    {
      id: idArb,
      jsonrpc: mostly(fc.constant('2.0'), fc.anything()),
      method: mostly(fc.constantFrom(...METHODS), fc.string()),
      params: paramsArb,
    },
    { requiredKeys: ['id', 'jsonrpc', 'method'] },
  )
  .map((frame) => JSON.stringify(frame))

/** A relay method with params of its own shape (mostly valid): deep into each method's checks. */
const protocolRequestText = fc
  .tuple(
    fc.integer({ min: 1 }),
    fc.oneof(
      fc.tuple(fc.constant('irn_publish'), publishArb),
      fc.tuple(fc.constant('irn_batchPublish'), batchPublishArb),
      fc.tuple(fc.constantFrom('irn_batchSubscribe', 'irn_batchFetchMessages'), topicsArb),
      fc.tuple(
        fc.constantFrom('irn_subscribe', 'irn_unsubscribe'),
        fc.record({ topic: mostly(topicArb, scalarArb) }),
      ),
      fc.tuple(fc.constant('irn_batchUnsubscribe'), subscriptionsArb),
      fc.tuple(fc.constantFrom('wc_proposeSession', 'wc_approveSession'), sessionArb),
    ),
  )
  .map(([id, [method, params]]) => JSON.stringify({ id, jsonrpc: '2.0', method, params }))

type Sent = { text: string } | { binary: Uint8Array }
const frameArb: fc.Arbitrary<Sent> = fc.oneof(
  { arbitrary: protocolRequestText.map((text) => ({ text })), weight: 12 },
  { arbitrary: requestText.map((text) => ({ text })), weight: 6 },
  fc.jsonValue().map((value) => ({ text: JSON.stringify(value) ?? 'null' })),
  fc.string({ unit: 'grapheme' }).map((text) => ({ text })),
  fc
    .record({ id: fc.anything(), result: fc.anything() })
    .map((frame) => ({ text: JSON.stringify(frame) })),
  // ids past 2^53 as raw digits, alone or next to an "id" in params
  fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 22n }), fc.boolean()).map(([id, twice]) => ({
    text: `{"id":${id},"jsonrpc":"2.0","method":"irn_subscribe","params":{${twice ? '"id":7,' : ''}"topic":"${'b'.repeat(64)}"}}`,
  })),
  fc.constantFrom(MAX_PAYLOAD + 1, MAX_PAYLOAD * 2).map((size) => ({ text: 'x'.repeat(size) })),
  fc.uint8Array({ maxLength: 64 }).map((binary) => ({ binary })),
)

/** How many answers the JSON-RPC contract asks of the relay for a text frame. */
function expectedAnswers(text: string): number {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return 1
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 1
  const frame = value as Record<string, unknown>
  if (typeof frame.method === 'string') return 1
  return 'result' in frame || 'error' in frame ? 0 : 1
}

/** The (topic, message) pairs a publish-type request writes when it is answered true. */
function publishedPairs(text: string): string[] {
  const frame = JSON.parse(text) as { method: string; params: Record<string, unknown> }
  const params = frame.params
  const pair = (topic: unknown, message: unknown) => `${String(topic)} ${String(message)}`
  switch (frame.method) {
    case 'irn_publish':
      return [pair(params.topic, params.message)]
    case 'irn_batchPublish':
      return (params.messages as Array<Record<string, unknown>>).map((each) =>
        pair(each.topic, each.message),
      )
    case 'wc_proposeSession':
      return [pair(params.pairingTopic, params.sessionProposal)]
    default:
      return [
        pair(params.pairingTopic, params.sessionProposalResponse),
        pair(params.sessionTopic, params.sessionSettlementRequest),
      ]
  }
}

describe('relay frame space', () => {
  let server: TestServer
  const now = Date.now()
  beforeAll(async () => {
    server = await startTestServer({
      deps: { clock: () => now },
      config: relayWithLimits({ maxMessageChars: MAX_MESSAGE_CHARS }),
    })
  })
  afterAll(() => server?.stop())

  const rows = async (table: 'relay_messages' | 'relay_acks') =>
    (await server.app.portico.db.query(`SELECT * FROM ${table} ORDER BY 1, 2`)).rows.map((row) =>
      JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    )

  it('answers every frame or closes with a documented code, and writes only accepted publishes', async () => {
    const initialMessages = new Set(await rows('relay_messages'))
    const initialAcks = await rows('relay_acks')
    const accepted = new Set<string>()
    // One identity throughout, reconnecting after a close: it never gets its own messages, so
    // no delivery, fetch or acknowledgement writes a row.
    const identity = createRelayTestIdentity()
    let client: RawClient | undefined
    let closeCode: number | undefined
    let marker = 0

    await fc.assert(
      fc.asyncProperty(frameArb, async (sent) => {
        if (!client) {
          closeCode = undefined
          client = await connectRaw(server, identity)
          client.socket.once('close', (code) => {
            closeCode = code
          })
        }
        const current = client
        marker += 1
        const markerId = `marker-${marker}`
        if ('binary' in sent) current.socket.send(sent.binary)
        else current.send(sent.text)
        current.send(JSON.stringify({ id: markerId, jsonrpc: '2.0', method: 'irn_marker' }))
        const wanted = 'text' in sent ? expectedAnswers(sent.text) : 0
        const answers: Frame[] = []
        let markerAnswered = false
        const answered = (async () => {
          while (!markerAnswered || answers.length < wanted) {
            const frame = await current.next(() => true)
            if (frame.id === markerId) markerAnswered = true
            else if (!('method' in frame)) answers.push(frame)
          }
        })()
        await Promise.race([answered, current.closed])
        if (current.socket.readyState !== current.socket.OPEN) {
          await current.closed
          client = undefined
          expect(DOCUMENTED_CLOSES.has(closeCode ?? 0), `close code ${closeCode}`).toBe(true)
        } else {
          expect(answers).toHaveLength(wanted)
        }
        for (const answer of answers) {
          expect(answer.jsonrpc).toBe('2.0')
          const error = answer.error as { code: number } | undefined
          if (error) expect(DOCUMENTED_ERRORS.has(error.code), JSON.stringify(answer)).toBe(true)
          else expect('result' in answer).toBe(true)
          if ('text' in sent && answer.result === true) {
            const method = (JSON.parse(sent.text) as { method?: unknown }).method
            if (typeof method === 'string' && PUBLISHING.has(method)) {
              for (const pair of publishedPairs(sent.text)) accepted.add(pair)
            }
          }
        }
        await server.app.relay?.hub.options.mailbox.drain()
        const messages = await rows('relay_messages')
        const added = messages.filter((row) => !initialMessages.has(row))
        expect(messages.length - added.length).toBe(initialMessages.size)
        const addedPairs = new Set(
          added.map((row) => {
            const { topic, message } = JSON.parse(row) as { topic: string; message: string }
            return `${topic} ${message}`
          }),
        )
        expect(addedPairs).toEqual(accepted)
        expect(await rows('relay_acks')).toEqual(initialAcks)
      }),
      { numRuns: 400 },
    )
    await client?.close()
  }, 240_000)
})
