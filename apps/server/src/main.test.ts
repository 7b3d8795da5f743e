// The production command: the server built to JavaScript (scripts/build.mjs) and run with plain
// `node dist/main.js`, configured from the environment only, then stopped with SIGTERM while a
// request is in flight and relay sockets are open.
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type WebSocket from 'ws'
import { openDatabase } from './db/open-database'
import { createFreshDatabase, type FreshDatabase } from './test/fresh-database'
import { createRelayTestIdentity, type RelayTestIdentity } from './test/relay-identity'
import { connectRaw, type RawClient } from './test/relay-socket'
import { postRpc, rpcCall } from './test/rpc-proxy-client'
import { type ServerProcess, startServerProcess } from './test/server-process'
import type { TestServer } from './test/test-server'
import { testEnv } from './test/test-server'

const serverRoot = fileURLToPath(new URL('..', import.meta.url))
/** Start-up on a machine loaded by the other test files can be slow. */
const WAIT_MS = 45_000

/** A chain upstream that holds each call until the test lets it answer. */
async function startHeldUpstream() {
  const held: Array<{ id: unknown; response: ServerResponse }> = []
  let arrived: () => void = () => {}
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString()
    })
    request.on('end', () => {
      held.push({ id: (JSON.parse(body) as { id?: unknown }).id, response })
      arrived()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Resolves once a call is held. */
    nextCall: () =>
      new Promise<void>((resolve) => {
        if (held.length > 0) resolve()
        else arrived = resolve
      }),
    release(result: string) {
      for (const { id, response } of held.splice(0)) {
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ jsonrpc: '2.0', id, result }))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Resolves with the code and reason the socket was closed with. */
function closeOf(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => {
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  })
}

/** Whether a new TCP connection to the server's port is accepted. */
function acceptsConnections(url: string): Promise<boolean> {
  const { port, hostname } = new URL(url)
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}

let database: FreshDatabase
let upstream: Awaited<ReturnType<typeof startHeldUpstream>>
let server: ServerProcess
let url: string
let buildMs: number

beforeAll(async () => {
  const started = performance.now()
  await promisify(execFile)(process.execPath, ['scripts/build.mjs'], { cwd: serverRoot })
  buildMs = performance.now() - started
  ;[database, upstream] = await Promise.all([createFreshDatabase(), startHeldUpstream()])
  server = startServerProcess(
    {
      ...testEnv(database, `portico-test:${randomBytes(6).toString('hex')}:`),
      PORT: '0',
      LOG_LEVEL: 'info',
      PORTICO_CHAINS: JSON.stringify({ 1: upstream.url }),
    },
    { built: true },
  )
  url = await Promise.race([
    server.url,
    server.exited.then(() => {
      throw new Error(`the built server exited: ${server.stderr()}`)
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

describe('the built server (node dist/main.js)', () => {
  it('builds in seconds and runs under plain node, without tsx', () => {
    expect(buildMs).toBeLessThan(30_000)
    expect(server.child.spawnargs.join(' ')).not.toContain('tsx')
    expect(server.child.spawnargs.at(-1)).toMatch(/apps\/server\/dist\/main\.js$/)
  })

  it('answers liveness and readiness', async () => {
    const live = await fetch(`${url}/health`)
    expect(live.status).toBe(200)
    expect(await live.json()).toMatchObject({ ok: true })
    const ready = await fetch(`${url}/health/ready`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ ok: true, checks: { database: 'ok' } })
  })

  it('serves its OpenAPI document', async () => {
    const response = await fetch(`${url}/openapi.json`)
    expect(response.status).toBe(200)
    const document = (await response.json()) as { openapi: string; paths: object }
    expect(document.openapi).toMatch(/^3\./)
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/health', '/health/ready', '/v1']),
    )
  })

  it('drains on SIGTERM: no new connections, the request in flight answered, relay sockets closed with 1001, accepted messages and acks written, exit 0', async () => {
    // Two relay clients: one subscribes, one publishes; the subscriber's ack is buffered.
    const topic = randomBytes(32).toString('hex')
    const message = `drain-${randomBytes(8).toString('hex')}`
    const target = { url } as TestServer
    const subscriberIdentity: RelayTestIdentity = createRelayTestIdentity()
    const subscriber: RawClient = await connectRaw(target, subscriberIdentity)
    const publisher: RawClient = await connectRaw(target, createRelayTestIdentity())
    const subscriberClosed = closeOf(subscriber.socket)
    const publisherClosed = closeOf(publisher.socket)
    expect(await subscriber.call(1, 'irn_subscribe', { topic })).toMatchObject({
      result: expect.any(String),
    })
    expect(await publisher.call(1, 'irn_publish', { topic, message, ttl: 300, tag: 1 })).toEqual(
      expect.objectContaining({ result: true }),
    )
    await subscriber.delivery() // acknowledged: the ack waits in the relay's queue

    // A proxied RPC call held by the upstream: in flight when the signal comes.
    const held = upstream.nextCall()
    const inFlight = postRpc(url, 'eip155:1', rpcCall('eth_blockNumber'))
    await held

    const logsBefore = server.logs.length
    const signalled = performance.now()
    server.child.kill('SIGTERM')
    await server.waitForLog(
      (line) => line.msg === 'draining: no new connections',
      WAIT_MS,
      logsBefore,
    )
    expect(await acceptsConnections(url)).toBe(false)
    // The relay stays up while HTTP requests finish.
    expect(subscriber.socket.readyState).toBe(subscriber.socket.OPEN)

    upstream.release('0x2a')
    const answer = await inFlight
    expect(answer.status).toBe(200)
    expect(answer.headers.get('connection')).toBe('close')
    expect(await answer.json()).toEqual({ jsonrpc: '2.0', id: 1, result: '0x2a' })
    const released = performance.now()

    const goodbye = { code: 1001, reason: 'Server shutting down' }
    expect(await subscriberClosed).toEqual(goodbye)
    expect(await publisherClosed).toEqual(goodbye)
    expect(await server.exited).toEqual({ code: 0, signal: null })
    const exitedAt = performance.now()
    const closedLine = server.logs.find((line) => line.msg === 'SIGTERM: closed')
    expect(closedLine).toBeDefined()
    process.stdout.write(
      `built in ${Math.round(buildMs)} ms; SIGTERM to exit ${Math.round(exitedAt - signalled)} ms, ` +
        `of which after the held request was answered ${Math.round(exitedAt - released)} ms ` +
        `(the server's own count: ${String(closedLine?.ms)} ms)\n`,
    )

    // What was accepted and acknowledged reached the database before it closed.
    const db = await openDatabase(database.location)
    try {
      const stored = await db.query<{ message: string }>(
        'SELECT message FROM relay_messages WHERE topic = $1',
        [topic],
      )
      expect(stored.rows).toEqual([{ message }])
      const acks = await db.query<{ message_ids: string[] }>(
        'SELECT message_ids FROM relay_acks WHERE client_id = $1',
        [subscriberIdentity.did],
      )
      expect(acks.rows.flatMap((row) => row.message_ids)).toHaveLength(1)
    } finally {
      await db.close()
    }
  })
})
