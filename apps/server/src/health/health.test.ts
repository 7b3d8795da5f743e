import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('GET /health', () => {
  it('answers ok when the database can be reached, with no project needed', async () => {
    const response = await fetch(`${server.url}/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      ok: true,
      db: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      cache: process.env.REDIS_URL ? 'redis' : 'memory',
    })
  })

  it('answers 503 with the error shape when the database is gone', async () => {
    const db = server.app.portico.db
    const query = db.query
    db.query = async () => {
      throw new Error('connection lost')
    }
    try {
      const response = await fetch(`${server.url}/health`)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        error: { code: 'DATABASE_UNAVAILABLE', message: 'Database unavailable' },
      })
    } finally {
      db.query = query
    }
  })

  it('answers unknown paths 404 with the error shape', async () => {
    const response = await fetch(`${server.url}/nowhere`)
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } })
  })
})
