import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

const kinds = {
  db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  cache: process.env.REDIS_URL ? 'redis' : 'memory',
}

describe('GET /health and /health/ready', () => {
  it('answers liveness with no project needed', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, ...kinds })
  })

  it('answers ready when the database (and Redis, when used) answer', async () => {
    const response = await fetch(`${server.url}/health/ready`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      ok: true,
      ...kinds,
      checks: process.env.REDIS_URL ? { database: 'ok', redis: 'ok' } : { database: 'ok' },
    })
  })

  it('answers unknown paths 404 with the error shape', async () => {
    const response = await fetch(`${server.url}/nowhere`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
  })
})
