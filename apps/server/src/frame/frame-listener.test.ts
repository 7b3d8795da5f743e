// The frame on its own port: served only for a project and one of its allowed page origins,
// with a CSP that lets it run only its own scripts, fetch only our API and be framed only by
// that page; the API lets that origin (and no other unlisted one) call the routes it needs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type FrameBuild, writeFrameBuild } from '../test/frame-build'
import { startTestServer, type TestServer } from '../test/test-server'

const PAGE = 'http://localhost:5173'
let server: TestServer
let frameUrl: string
let build: FrameBuild
let dir: string

beforeAll(async () => {
  build = writeFrameBuild()
  dir = build.dir
  server = await startTestServer({ config: { frame: { port: 0, dir } } })
  frameUrl = server.frameUrl ?? ''
})

afterAll(async () => {
  await server?.stop()
  build?.remove()
})

function pageUrl(projectId: string, origin: string): string {
  const url = new URL(frameUrl)
  url.searchParams.set('projectId', projectId)
  url.searchParams.set('chainId', '1')
  url.searchParams.set('origin', origin)
  return url.href
}

describe('the frame listener', () => {
  it('serves the frame on a port of its own, with the API URL and a strict CSP', async () => {
    expect(frameUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    expect(new URL(frameUrl).port).not.toBe(new URL(server.url).port)
    const response = await fetch(pageUrl(DEV_PROJECT_ID, PAGE))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(
      [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        `connect-src ${server.url}`,
        "base-uri 'none'",
        "form-action 'none'",
        `frame-ancestors ${PAGE}`,
      ].join('; '),
    )
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.text()).toContain(`content="${server.url}"`)
  })

  it('refuses an unknown project and a page origin the project does not allow', async () => {
    const unknown = await fetch(pageUrl('0'.repeat(32), PAGE))
    expect(unknown.status).toBe(401)
    expect(await unknown.json()).toEqual({
      error: { code: 'INVALID_KEY', message: 'Unauthorized: invalid key' },
    })
    const foreign = await fetch(pageUrl(DEV_PROJECT_ID, 'https://evil.example'))
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(await foreign.json()).toEqual({
      error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
    })
    // Not an origin as a browser writes it (a path, a wildcard): refused too.
    expect((await fetch(pageUrl(DEV_PROJECT_ID, `${PAGE}/x`))).status).toBe(403)
    expect((await fetch(pageUrl(DEV_PROJECT_ID, '*'))).status).toBe(403)
    expect((await fetch(new URL(frameUrl))).status).toBe(401)
  })

  it('serves the build files and nothing else', async () => {
    const asset = await fetch(new URL('/assets/index-abc.js', frameUrl))
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin')
    expect(await asset.text()).toBe('console.log("frame")')
    expect((await fetch(new URL('/assets/missing.js', frameUrl))).status).toBe(404)
    expect((await fetch(new URL('/assets/%2e%2e/index.html', frameUrl))).status).not.toBe(200)
    expect((await fetch(new URL('/package.json', frameUrl))).status).toBe(404)
    expect((await fetch(frameUrl, { method: 'POST' })).status).toBe(405)
  })

  it('lets the frame origin call the RPC proxy and the embedded wallet routes, not other routes', async () => {
    const frameOrigin = new URL(frameUrl).origin
    const preflight = (path: string, origin: string) =>
      fetch(new URL(path, server.url), {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST' },
      })
    const rpc = await preflight(`/v1?chainId=eip155:1&projectId=${DEV_PROJECT_ID}`, frameOrigin)
    expect(rpc.status).toBe(204)
    expect(rpc.headers.get('access-control-allow-origin')).toBe(frameOrigin)
    const wallet = await preflight(
      `/v1/embedded-wallet/email/otp?projectId=${DEV_PROJECT_ID}`,
      frameOrigin,
    )
    expect(wallet.headers.get('access-control-allow-origin')).toBe(frameOrigin)
    // Another unlisted port on the same host is not the frame.
    const other = await preflight(
      `/v1?chainId=eip155:1&projectId=${DEV_PROJECT_ID}`,
      'http://127.0.0.2:1',
    )
    expect(other.status).toBe(403)
  })

  it('lets the frame origin read the swap token list and prices for its confirm, and nothing else of the API', async () => {
    // Not among the dev project's origins (which hold 127.0.0.1:*): only being the frame counts.
    const frameOrigin = 'https://frame.example.com'
    const framed = await startTestServer({
      config: { frame: { port: 0, dir, publicUrl: frameOrigin } },
    })
    try {
      const tokens = await fetch(
        `${framed.url}/v1/convert/tokens?chainId=eip155:1&projectId=${DEV_PROJECT_ID}`,
        { headers: { origin: frameOrigin } },
      )
      // Past the guard, the route itself answers: this server has no swaps configured.
      expect(((await tokens.json()) as { error: { message: string } }).error.message).toBe(
        'Network not supported for Swaps',
      )
      expect(tokens.headers.get('access-control-allow-origin')).toBe(frameOrigin)
      const preflight = (path: string, method: string) =>
        fetch(`${framed.url}${path}?projectId=${DEV_PROJECT_ID}`, {
          method: 'OPTIONS',
          headers: { origin: frameOrigin, 'access-control-request-method': method },
        })
      const prices = await preflight('/v1/fungible/price', 'POST')
      expect(prices.status).toBe(204)
      expect(prices.headers.get('access-control-allow-origin')).toBe(frameOrigin)
      // Routes that build, buy or read someone's account stay closed to it, whatever the method.
      for (const [path, method] of [
        ['/v1/convert/build-transaction', 'POST'],
        ['/v1/convert/tokens', 'POST'],
        ['/v1/generators/onrampurl', 'POST'],
        ['/v1', 'PUT'],
      ] as const) {
        const refused = await preflight(path, method)
        expect(refused.status, `${method} ${path}`).toBe(403)
        expect(refused.headers.get('access-control-allow-origin')).toBeNull()
      }
      const balance = await fetch(
        `${framed.url}/v1/account/0x70997970C51812dc3A010C7d01b50e0d17dc79C8/balance?currency=usd&chainId=eip155:1&projectId=${DEV_PROJECT_ID}`,
        { headers: { origin: frameOrigin } },
      )
      expect(balance.status).toBe(403)
      expect(await balance.json()).toEqual({
        error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
      })
    } finally {
      await framed.stop()
    }
  })
})

describe('FRAME_PORT', () => {
  it('is off when unset, and a bad value is a configuration error', () => {
    expect(loadConfig({}).frame.port).toBeUndefined()
    expect(loadConfig({ FRAME_PORT: '0' }).frame.port).toBe(0)
    expect(() => loadConfig({ FRAME_PORT: 'http' })).toThrow(ConfigError)
  })
})

describe('behind a proxy (PORTICO_FRAME_PUBLIC_URL, PORTICO_API_PUBLIC_URL)', () => {
  it('takes only plain http(s) origins', () => {
    const config = loadConfig({
      PORTICO_FRAME_PUBLIC_URL: 'https://frame.example.com/',
      PORTICO_API_PUBLIC_URL: 'https://api.example.com',
    })
    expect(config.frame.publicUrl).toBe('https://frame.example.com')
    expect(config.apiPublicUrl).toBe('https://api.example.com')
    for (const bad of ['frame.example.com', 'ftp://frame.example.com', 'https://x.test/path']) {
      expect(() => loadConfig({ PORTICO_FRAME_PUBLIC_URL: bad })).toThrow(ConfigError)
      expect(() => loadConfig({ PORTICO_API_PUBLIC_URL: bad })).toThrow(ConfigError)
    }
  })

  it('names the public frame origin in the frame URL and lets it through the API CORS', async () => {
    // Not among the dev project's origins: only being the frame lets it through.
    const framePublic = 'https://frame.example.com'
    const apiPublic = 'https://api.example.com'
    const proxied = await startTestServer({
      config: { frame: { port: 0, dir, publicUrl: framePublic }, apiPublicUrl: apiPublic },
    })
    try {
      expect(proxied.frameUrl).toBe(`${framePublic}/`)
      const preflight = (origin: string) =>
        fetch(`${proxied.url}/v1/embedded-wallet/email/otp?projectId=${DEV_PROJECT_ID}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        })
      const fromFrame = await preflight(framePublic)
      expect(fromFrame.headers.get('access-control-allow-origin')).toBe(framePublic)
      expect((await preflight('https://other.example.com')).status).toBe(403)
    } finally {
      await proxied.stop()
    }
  })
})
