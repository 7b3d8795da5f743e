import { createServer } from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'
import { checkReadiness, notReadyMessage } from './readiness'

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

  it('names Redis when its URL points at a closed port, and the database still answers', async () => {
    // A port that was free a moment ago and is closed now: nothing listens there.
    const probe = createServer()
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
    const { port } = probe.address() as { port: number }
    await new Promise<void>((resolve) => probe.close(() => resolve()))
    const redis = new Redis(`redis://127.0.0.1:${port}`, {
      lazyConnect: true,
      retryStrategy: () => 50,
    })
    redis.on('error', () => {})
    void redis.connect().catch(() => {})
    try {
      const readiness = await checkReadiness({ db: server.app.portico.db, redis })
      expect(readiness).toEqual({ ready: false, checks: { database: 'ok', redis: 'unreachable' } })
      expect(notReadyMessage(readiness.checks)).toBe('Not ready: redis unreachable')
    } finally {
      redis.disconnect()
    }
  })

  it('answers unknown paths 404 with the error shape', async () => {
    const response = await fetch(`${server.url}/nowhere`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
  })
})
