// Readiness against a real PostgreSQL whose path is cut under the running server
// (test/tcp-forwarder.ts).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createFreshDatabase, type FreshDatabase } from '../test/fresh-database'
import { startTcpForwarder, type TcpForwarder } from '../test/tcp-forwarder'
import { startTestServer, type TestServer } from '../test/test-server'

let database: FreshDatabase
let forwarder: TcpForwarder
let server: TestServer
beforeAll(async () => {
  database = await createFreshDatabase()
  const url = new URL(database.location.databaseUrl as string)
  forwarder = await startTcpForwarder({ host: url.hostname, port: Number(url.port || 5432) })
  url.hostname = '127.0.0.1'
  url.port = String(forwarder.port)
  server = await startTestServer({ database, config: { databaseUrl: url.toString() } })
})
afterAll(async () => {
  await forwarder?.restore().catch(() => {})
  await server?.stop()
  await forwarder?.close()
  await database?.drop()
})

it('answers 503 naming the database while it cannot be reached, and is ready again once it can', async () => {
  expect((await fetch(`${server.url}/health/ready`)).status).toBe(200)
  await forwarder.cut()
  const notReady = await fetch(`${server.url}/health/ready`)
  expect(notReady.status).toBe(503)
  const body = (await notReady.json()) as { checks: Record<string, string> }
  expect(body).toEqual({
    error: { code: 'NOT_READY', message: 'Not ready: database unreachable' },
    checks: process.env.REDIS_URL
      ? { database: 'unreachable', redis: 'ok' }
      : { database: 'unreachable' },
  })
  expect((await fetch(`${server.url}/health`)).status).toBe(200)

  await forwarder.restore()
  await expect
    .poll(async () => (await fetch(`${server.url}/health/ready`)).status, { timeout: 15_000 })
    .toBe(200)
})
