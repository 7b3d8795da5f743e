// Readiness against a real Redis whose path is cut under the running server (test/tcp-forwarder.ts).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTcpForwarder, type TcpForwarder } from '../test/tcp-forwarder'
import { startTestServer, type TestServer } from '../test/test-server'

let forwarder: TcpForwarder
let server: TestServer
beforeAll(async () => {
  const redis = new URL(process.env.REDIS_URL as string)
  forwarder = await startTcpForwarder({ host: redis.hostname, port: Number(redis.port || 6379) })
  redis.hostname = '127.0.0.1'
  redis.port = String(forwarder.port)
  server = await startTestServer({ config: { redisUrl: redis.toString() } })
})
afterAll(async () => {
  await server?.stop()
  await forwarder?.close()
})

it('answers 503 naming Redis while Redis cannot be reached, stays alive, and is ready again once it can', async () => {
  expect((await fetch(`${server.url}/health/ready`)).status).toBe(200)
  await forwarder.cut()
  const notReady = await fetch(`${server.url}/health/ready`)
  expect(notReady.status).toBe(503)
  expect(await notReady.json()).toEqual({
    error: { code: 'NOT_READY', message: 'Not ready: redis unreachable' },
    checks: { database: 'ok', redis: 'unreachable' },
  })
  // Liveness does not depend on Redis: an orchestrator must not restart the process for it.
  expect((await fetch(`${server.url}/health`)).status).toBe(200)

  await forwarder.restore()
  await expect
    .poll(async () => (await fetch(`${server.url}/health/ready`)).status, { timeout: 15_000 })
    .toBe(200)
})
