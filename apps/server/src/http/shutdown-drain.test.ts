// SIGTERM to a server process under load: HTTP clients on keep-alive connections (proxied RPC
// calls that spend 20 ms at the upstream, readiness checks that query the database) and relay
// clients publishing without pause. Every request either gets a non-5xx answer or fails to
// connect, and every publish the relay acknowledged is in the database, whole, after the exit.
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase } from '../db/open-database'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { createRelayTestIdentity } from '../test/relay-identity'
import { connectRaw, type RawClient } from '../test/relay-socket'
import { postRpc, rpcCall } from '../test/rpc-proxy-client'
import { type ServerProcess, startServerProcess } from '../test/server-process'
import { type TestServer, testEnv } from '../test/test-server'

const HTTP_CLIENTS = 16
const RELAY_PAIRS = 4
/** The load before the signal: answers every HTTP client and relay pair got (bounded). */
const ANSWERS_BEFORE_SIGNAL = 4 * HTTP_CLIENTS
const ACKS_BEFORE_SIGNAL = 2 * RELAY_PAIRS
const UPSTREAM_DELAY_MS = 20
/**
 * A publisher's pace: under the relay's 100 publishes a second per client. On PostgreSQL and
 * Redis an acknowledgement comes back in a few ms, and a client publishing back to back was
 * refused, then closed (1008): the rate limit at work, not the drain this test is about.
 */
const PUBLISH_INTERVAL_MS = 15

let database: FreshDatabase
let upstream: { url: string; close(): Promise<void> }
let server: ServerProcess
let url: string

beforeAll(async () => {
  database = await createFreshDatabase()
  const http = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      const { id } = JSON.parse(body) as { id: unknown }
      setTimeout(() => {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result: '0x2a' }))
      }, UPSTREAM_DELAY_MS)
    })
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  upstream = {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => http.close(() => resolve())),
  }
  server = startServerProcess(
    {
      ...testEnv(database, `portico-test:${randomBytes(6).toString('hex')}:`),
      PORT: '0',
      LOG_LEVEL: 'warn',
      PORTICO_CHAINS: JSON.stringify({ 1: upstream.url }),
      // Every client is on 127.0.0.1: the per-address relay limits would count them as one.
      PORTICO_RELAY_PUBLISHES_PER_ADDRESS: '100000',
      PORTICO_RELAY_PUBLISH_CHARS_PER_ADDRESS: '100000000',
    },
    { built: true },
  )
  url = await Promise.race([
    server.url,
    server.exited.then(() => {
      throw new Error(`the server exited: ${server.stderr()}`)
    }),
  ])
}, 120_000)

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGKILL')
    await server.exited
  }
  await upstream?.close()
  await database?.drop()
})

interface HttpTally {
  statuses: Map<number, number>
  /** Requests refused a connection: the server had stopped listening (nothing was sent). */
  refused: number
  /**
   * Requests whose connection closed under them: only one put on a keep-alive connection the
   * server had found idle for SHUTDOWN_IDLE_GRACE_MS (possible on a machine this loaded).
   */
  cut: number
}

/** One client on its own keep-alive connection, until its requests stop connecting. */
async function httpClient(index: number, tally: HttpTally): Promise<void> {
  for (let round = 0; ; round++) {
    try {
      const response = await postRpc(
        url,
        'eip155:1',
        rpcCall('eth_blockNumber', index * 1e6 + round),
      )
      await response.arrayBuffer()
      tally.statuses.set(response.status, (tally.statuses.get(response.status) ?? 0) + 1)
    } catch (error) {
      const code = ((error as Error).cause as NodeJS.ErrnoException | undefined)?.code
      if (code === 'ECONNREFUSED') tally.refused++
      else tally.cut++
      return
    }
  }
}

const answered = (tally: HttpTally) =>
  [...tally.statuses.values()].reduce((sum, count) => sum + count, 0)

/** Publishes on one topic until its socket closes, noting each message acknowledged. */
async function publisher(client: RawClient, topic: string, acknowledged: string[]): Promise<void> {
  let closed = false
  void client.closed.then(() => {
    closed = true
  })
  for (let id = 1; !closed; id++) {
    const message = `m-${topic.slice(0, 8)}-${id}-${randomBytes(6).toString('hex')}`
    const answer = await Promise.race([
      client.call(id, 'irn_publish', { topic, message, ttl: 300, tag: 1 }),
      client.closed.then(() => undefined),
    ])
    if (answer?.result === true) acknowledged.push(message)
    await new Promise((resolve) => setTimeout(resolve, PUBLISH_INTERVAL_MS))
  }
}

it('answers no request 5xx, loses no acknowledged relay message and exits 0 when SIGTERM comes under load', async () => {
  const target = { url } as TestServer
  const topics = Array.from({ length: RELAY_PAIRS }, () => randomBytes(32).toString('hex'))
  const pairs = await Promise.all(
    topics.map(async (topic) => {
      const subscriber = await connectRaw(target, createRelayTestIdentity())
      await subscriber.call(1, 'irn_subscribe', { topic })
      const sender = await connectRaw(target, createRelayTestIdentity())
      return { topic, subscriber, sender }
    }),
  )
  const closeCodes = pairs.flatMap(({ subscriber, sender }) =>
    [subscriber, sender].map(
      (client) =>
        new Promise<number>((resolve) => client.socket.once('close', (code) => resolve(code))),
    ),
  )
  const tally: HttpTally = { statuses: new Map(), refused: 0, cut: 0 }
  const http = Array.from({ length: HTTP_CLIENTS }, (_, index) => httpClient(index, tally))
  const acknowledged: string[] = []
  const relay = pairs.map(({ topic, sender }) => publisher(sender, topic, acknowledged))

  // Under load: every client busy, some answers and acknowledgements in already.
  await expect
    .poll(
      () => answered(tally) >= ANSWERS_BEFORE_SIGNAL && acknowledged.length >= ACKS_BEFORE_SIGNAL,
      {
        timeout: 60_000,
        interval: 20,
      },
    )
    .toBe(true)
  const answeredBefore = answered(tally)
  const acknowledgedBefore = acknowledged.length
  const signalled = performance.now()
  server.child.kill('SIGTERM')
  const exit = await server.exited
  const drainMs = performance.now() - signalled
  await Promise.all([...http, ...relay])

  expect(exit).toEqual({ code: 0, signal: null })
  const statuses = Object.fromEntries(tally.statuses)
  expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([])
  // Every client went on until its requests stopped connecting: none was left hanging.
  expect(tally.refused + tally.cut).toBe(HTTP_CLIENTS)
  expect(new Set(await Promise.all(closeCodes))).toEqual(new Set([1001]))

  const db = await openDatabase(database.location)
  try {
    const { rows } = await db.query<{ message: string }>(
      'SELECT message FROM relay_messages WHERE topic = ANY($1::text[])',
      [topics],
    )
    const stored = new Set(rows.map((row) => row.message))
    expect(acknowledged.filter((message) => !stored.has(message))).toEqual([])
  } finally {
    await db.close()
  }
  process.stdout.write(
    `under load: SIGTERM after ${answeredBefore} HTTP answers and ${acknowledgedBefore} relay ` +
      `acks; in all statuses ${JSON.stringify(statuses)}, then ${tally.refused} refused a ` +
      `connection and ${tally.cut} cut; ${acknowledged.length} publishes ` +
      `acknowledged, all stored; SIGTERM to exit ${Math.round(drainMs)} ms\n`,
  )
})
