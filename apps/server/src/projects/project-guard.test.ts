import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../test/test-server'
import { DEV_PROJECT_ID } from './dev-project'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ chains: { 1: 'http://127.0.0.1:9' } })
})
afterAll(async () => {
  await server?.stop()
})

function supportedChains(projectId: string | undefined, headers: Record<string, string> = {}) {
  const query = projectId === undefined ? '' : `?projectId=${encodeURIComponent(projectId)}`
  return fetch(`${server.url}/v1/supported-chains${query}`, { headers })
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error
}

describe('project id', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['unknown', '0123456789abcdef0123456789abcdef'],
    ['not hex', 'not-a-project-id'],
    ['upper case', DEV_PROJECT_ID.toUpperCase()],
  ])('answers 401 when it is %s', async (_what, projectId) => {
    const response = await supportedChains(projectId)
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toEqual({
      code: 'INVALID_KEY',
      message: 'Unauthorized: invalid key',
    })
  })

  it('answers 401 when it is given twice', async () => {
    const response = await fetch(
      `${server.url}/v1/supported-chains?projectId=${DEV_PROJECT_ID}&projectId=${DEV_PROJECT_ID}`,
    )
    expect(response.status).toBe(401)
  })

  it('checks the project before anything else, on POST too', async () => {
    const response = await fetch(`${server.url}/v1?chainId=nonsense`, { method: 'POST', body: '{' })
    expect(response.status).toBe(401)
  })

  it('admits the seeded dev project', async () => {
    const response = await supportedChains(DEV_PROJECT_ID)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ http: ['eip155:1'], ws: [] })
  })
})

describe('origins and CORS', () => {
  it('answers an allowed wildcard origin with CORS headers', async () => {
    const project = await server.app.portico.projects.create({
      name: 'Previews',
      origins: ['*.previews.example.com'],
    })
    const origin = 'https://git-main.previews.example.com'
    const response = await supportedChains(project.id, { origin })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('vary')).toMatch(/origin/i)
  })

  it('admits localhost on any port', async () => {
    const response = await supportedChains(DEV_PROJECT_ID, { origin: 'http://localhost:5173' })
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it.each([
    'https://x.vercel.app',
    'https://shop.pages.dev',
    'https://evilvercel.app',
    'https://vercel.app.evil.com',
    'https://example.com',
    'null',
  ])('refuses the origin %s with 403 and no CORS headers', async (origin) => {
    const response = await supportedChains(DEV_PROJECT_ID, { origin })
    expect(response.status).toBe(403)
    expect(await errorOf(response)).toEqual({
      code: 'ORIGIN_NOT_ALLOWED',
      message: 'Unauthorized: origin not allowed',
    })
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('puts CORS headers on error answers to an allowed origin, so the page can read them', async () => {
    const origin = 'http://localhost:5173'
    const response = await fetch(`${server.url}/v1?chainId=nonsense&projectId=${DEV_PROJECT_ID}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }),
    })
    expect(response.status).toBe(400)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect((await errorOf(response)).message).toBe('Invalid CAIP-2 network id')
  })

  it('answers an unexpected failure 500 without its details', async () => {
    const store = server.app.portico.projects
    const find = store.find
    store.find = async () => {
      throw new Error('secret detail: password=hunter2')
    }
    try {
      const response = await supportedChains('fedcba9876543210fedcba9876543210')
      expect(response.status).toBe(500)
      const text = await response.text()
      expect(JSON.parse(text)).toEqual({
        error: { code: 'INTERNAL_ERROR', message: 'Internal server error' },
      })
      expect(text).not.toContain('secret')
    } finally {
      store.find = find
    }
  })

  it('answers a preflight from an allowed origin', async () => {
    const origin = 'http://127.0.0.1:5173'
    const response = await fetch(`${server.url}/v1?chainId=eip155:1&projectId=${DEV_PROJECT_ID}`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe(origin)
    expect(response.headers.get('access-control-allow-methods')).toContain('POST')
    expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
    expect(response.headers.get('access-control-max-age')).toBe('600')
  })

  it('refuses a preflight from an origin the project does not allow', async () => {
    const response = await fetch(`${server.url}/v1?chainId=eip155:1&projectId=${DEV_PROJECT_ID}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evilvercel.app', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('lets any page read that its project id is unknown, and nothing else of the server', async () => {
    const origin = 'https://attacker.example'
    const refused = await supportedChains('0123456789abcdef0123456789abcdef', { origin })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('access-control-allow-origin')).toBe(origin)
    expect(refused.headers.get('access-control-allow-credentials')).toBeNull()
    expect(await errorOf(refused)).toEqual({
      code: 'INVALID_KEY',
      message: 'Unauthorized: invalid key',
    })
    // The same origin on a real project it is not allowed by: refused, and unreadable.
    const project = await supportedChains(DEV_PROJECT_ID, { origin })
    expect(project.status).toBe(403)
    expect(project.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('refuses a preflight for an unknown project', async () => {
    const response = await fetch(`${server.url}/v1?chainId=eip155:1&projectId=nope`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    })
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBeNull()
  })

  it("follows each project's own origins, and sees new ones at once", async () => {
    const project = await server.app.portico.projects.create({
      name: 'Shop',
      origins: ['https://shop.example.com'],
    })
    expect((await supportedChains(project.id, { origin: 'https://shop.example.com' })).status).toBe(
      200,
    )
    expect((await supportedChains(project.id, { origin: 'http://localhost:5173' })).status).toBe(
      403,
    )
    expect(
      (await supportedChains(project.id, { origin: 'https://admin.example.com' })).status,
    ).toBe(403)

    const added = await fetch(`${server.url}/admin/projects/${project.id}/origins`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${server.app.portico.config.adminToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ origins: ['https://admin.example.com'] }),
    })
    expect(added.status).toBe(200)
    expect(
      (await supportedChains(project.id, { origin: 'https://admin.example.com' })).status,
    ).toBe(200)
  })
})

describe('admin routes', () => {
  it('refuse a request without the admin token', async () => {
    const listed = await fetch(`${server.url}/admin/projects`)
    expect(listed.status).toBe(401)
    const wrong = await fetch(`${server.url}/admin/projects`, {
      headers: { authorization: 'Bearer wrong' },
    })
    expect(wrong.status).toBe(401)
    expect((await errorOf(wrong)).code).toBe('ADMIN_UNAUTHORIZED')
  })

  it('refuse a bad origin pattern with 400 and change nothing', async () => {
    const headers = {
      authorization: `Bearer ${server.app.portico.config.adminToken}`,
      'content-type': 'application/json',
    }
    const before = await server.app.portico.projects.list()
    const response = await fetch(`${server.url}/admin/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bad', origins: ['evil*.com'] }),
    })
    expect(response.status).toBe(400)
    expect((await errorOf(response)).code).toBe('INVALID_ORIGIN_PATTERN')
    expect(await server.app.portico.projects.list()).toEqual(before)
  })
})
