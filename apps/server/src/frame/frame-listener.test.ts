// The frame on its own port: served only for a project and one of its allowed page origins,
// with a CSP that lets it run only its own scripts, fetch only our API and be framed only by
// that page; the API lets that origin (and no other unlisted one) call the routes it needs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startTestServer, type TestServer } from '../test/test-server'

const PAGE = 'http://localhost:5173'
let server: TestServer
let frameUrl: string
let dir: string

beforeAll(async () => {
  // A build's shape (vite build of packages/frame): the page with the API placeholder and assets.
  dir = mkdtempSync(join(tmpdir(), 'portico-frame-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><meta name="portico-api-url" content="%PORTICO_API_URL%"><script type="module" src="/assets/index-abc.js"></script>',
  )
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("frame")')
  server = await startTestServer({ config: { frame: { port: 0, dir } } })
  frameUrl = server.frameUrl ?? ''
})

afterAll(async () => {
  await server?.stop()
  rmSync(dir, { recursive: true, force: true })
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
    expect(config.frame.apiPublicUrl).toBe('https://api.example.com')
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
      config: { frame: { port: 0, dir, publicUrl: framePublic, apiPublicUrl: apiPublic } },
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
