import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT, DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.stop()
})

function get(path: string, projectId: string, headers: Record<string, string> = {}) {
  return fetch(`${server.url}${path}?projectId=${projectId}&st=portico&sv=0.1.0`, { headers })
}

describe('GET /projects/v1/origins', () => {
  it("answers the project's allowed origins, wildcards as stored", async () => {
    const response = await get('/projects/v1/origins', DEV_PROJECT_ID)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ allowedOrigins: [...DEV_PROJECT.allowedOrigins] })
  })

  it("answers another project's own origins", async () => {
    const shop = await server.app.portico.projects.create({
      name: 'Shop',
      origins: ['https://shop.example.com'],
    })
    const response = await get('/projects/v1/origins', shop.id)
    expect(await response.json()).toEqual({ allowedOrigins: ['https://shop.example.com'] })
    const fromShop = await get('/projects/v1/origins', shop.id, {
      origin: 'https://shop.example.com',
    })
    expect(fromShop.status).toBe(200)
    expect(fromShop.headers.get('access-control-allow-origin')).toBe('https://shop.example.com')
  })

  it('answers 401 for an unknown project and 403 for an origin not allowed', async () => {
    const unknown = await get('/projects/v1/origins', '0'.repeat(32))
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({
      error: { code: 'INVALID_KEY', message: 'Unauthorized: invalid key' },
    })
    const foreign = await get('/projects/v1/origins', DEV_PROJECT_ID, {
      origin: 'https://elsewhere.example',
    })
    expect(foreign.status).toBe(403)
    expect(await foreign.json()).toEqual({
      error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
    })
  })
})

describe('GET /getAnalyticsConfig', () => {
  it('answers analytics on for a project that never turned it off', async () => {
    const response = await get('/getAnalyticsConfig', DEV_PROJECT_ID)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ isAnalyticsEnabled: true })
  })

  it('answers the project setting once it is turned off', async () => {
    const quiet = await server.app.portico.projects.create({ name: 'Quiet' })
    await server.app.portico.db.query(
      'UPDATE projects SET analytics_enabled = false WHERE id = $1',
      [quiet.id],
    )
    const response = await get('/getAnalyticsConfig', quiet.id)
    expect(await response.json()).toEqual({ isAnalyticsEnabled: false })
  })

  it('answers 401 without a project', async () => {
    const response = await fetch(`${server.url}/getAnalyticsConfig`)
    expect(response.status).toBe(401)
  })
})
