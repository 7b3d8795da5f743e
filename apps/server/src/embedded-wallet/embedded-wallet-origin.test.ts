// Who may call the embedded wallet's routes from a browser: the frame's origin alone. The frame
// exists so that the host page never touches a code, a session or a share; a page of the
// project (its own scripts, or any script it loads) calling these routes itself is refused, as
// is any other allowed origin of the project, preflights included. Requests without an Origin
// (a server, a native app) are left as they were. The routes are read from the server's own
// route table (its OpenAPI document), so a route added later is attacked here too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import {
  type EmbeddedWalletRig,
  embeddedClient,
  embeddedWalletRows,
  FRAME_ORIGIN,
  newEmail,
  startEmbeddedWalletRig,
} from '../test/embedded-wallet-client'

/** Pages the dev project allows (127.0.0.1 and localhost on any port): the host's, and another. */
const HOST_ORIGINS = ['http://127.0.0.1:5173', 'http://localhost:3000']

/**
 * Top-level navigations by design, outside the project guard, each with its own origin rule:
 * the begin form (Origin must be the result URI's, social-login-takeover.test.ts) and the
 * provider's callback.
 */
const NAVIGATIONS = [
  'POST /v1/embedded-wallet/social/begin',
  'GET /v1/embedded-wallet/social/callback/{provider}',
  'POST /v1/embedded-wallet/social/callback/{provider}',
]

let rig: EmbeddedWalletRig
const { login } = embeddedClient(() => rig)
const stored = embeddedWalletRows(() => rig)
let token: string

beforeAll(async () => {
  rig = await startEmbeddedWalletRig()
  token = (await login()).session.token
})
afterAll(async () => {
  await rig?.stop()
})

interface Route {
  method: string
  path: string
}

/** Every operation of the server under /v1/embedded-wallet/, from its route table. */
function embeddedWalletRoutes(): Route[] {
  const { paths = {} } = rig.server.app.swagger() as { paths?: Record<string, object> }
  return Object.entries(paths)
    .filter(([path]) => path.startsWith('/v1/embedded-wallet/'))
    .flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })),
    )
}

const name = ({ method, path }: Route) => `${method} ${path}`

/** The route called with a live session and a plausible body, from `origin` (null: none). */
function callRoute(route: Route, origin: string | null, extra: Record<string, string> = {}) {
  const url = new URL(`${rig.server.url}${route.path.replace('{provider}', 'google')}`)
  url.searchParams.set('projectId', DEV_PROJECT_ID)
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE'
  return fetch(url, {
    method: route.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(origin === null ? {} : { origin }),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
      ...extra,
    },
    ...(hasBody ? { body: JSON.stringify({ email: newEmail() }) } : {}),
  })
}

function preflight(route: Route, origin: string) {
  return callRoute({ ...route, method: 'OPTIONS' }, origin, {
    'access-control-request-method': route.method,
    'access-control-request-headers': 'authorization, content-type',
  })
}

describe('the embedded wallet’s routes from a browser', () => {
  it('are read from the route table, and only the social login’s navigations stand apart', () => {
    const routes = embeddedWalletRoutes().map(name)
    // A table that lost its routes would let every check below pass without attacking anything.
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /v1/embedded-wallet/email/otp',
        'POST /v1/embedded-wallet/email/verify',
        'GET /v1/embedded-wallet/shares/auth',
        'GET /v1/embedded-wallet/shares/recovery',
        'PUT /v1/embedded-wallet/wallet',
        'POST /v1/embedded-wallet/export/verify',
        'POST /v1/embedded-wallet/social/redeem',
        'POST /v1/embedded-wallet/farcaster/login',
        ...NAVIGATIONS,
      ]),
    )
    expect(routes.length).toBeGreaterThan(NAVIGATIONS.length + 15)
  })

  it('refuse every page of the project, the host’s own included, and change nothing', async () => {
    const before = await stored.read()
    const guarded = embeddedWalletRoutes().filter((route) => !NAVIGATIONS.includes(name(route)))
    for (const route of guarded) {
      for (const origin of HOST_ORIGINS) {
        const response = await callRoute(route, origin)
        expect({ route: name(route), origin, status: response.status }).toEqual({
          route: name(route),
          origin,
          status: 403,
        })
        expect(await response.json()).toEqual({
          error: { code: 'ORIGIN_NOT_ALLOWED', message: 'Unauthorized: origin not allowed' },
        })
        expect(response.headers.get('access-control-allow-origin')).toBeNull()

        const asked = await preflight(route, origin)
        expect(asked.status, `preflight ${name(route)} from ${origin}`).toBe(403)
        expect(asked.headers.get('access-control-allow-origin')).toBeNull()
      }
    }
    expect(await stored.read()).toBe(before)
    // The session those calls carried is still good from the frame.
    expect(
      (await callRoute({ method: 'GET', path: '/v1/embedded-wallet/me' }, FRAME_ORIGIN)).status,
    ).toBe(200)
  })

  it('take the frame’s origin on every route, with its CORS grant', async () => {
    const guarded = embeddedWalletRoutes().filter((route) => !NAVIGATIONS.includes(name(route)))
    for (const route of guarded) {
      const asked = await preflight(route, FRAME_ORIGIN)
      expect(asked.status, `preflight ${name(route)}`).toBe(204)
      expect(asked.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
      const response = await callRoute(route, FRAME_ORIGIN)
      const body = response.status === 204 ? undefined : await response.json()
      // Past the guard: whatever the route itself says of this body, it is not the origin.
      expect(body?.error?.code, `${name(route)} ${JSON.stringify(body)}`).not.toBe(
        'ORIGIN_NOT_ALLOWED',
      )
      expect(response.headers.get('access-control-allow-origin')).toBe(FRAME_ORIGIN)
    }
  })

  it('leave a request without an Origin (a server, a native app) to the route', async () => {
    const me = await callRoute({ method: 'GET', path: '/v1/embedded-wallet/me' }, null)
    expect(me.status).toBe(200)
  })

  it('leave the pages their other project routes', async () => {
    for (const origin of HOST_ORIGINS) {
      const wallets = await fetch(
        `${rig.server.url}/projects/v1/origins?projectId=${DEV_PROJECT_ID}`,
        { headers: { origin } },
      )
      expect(wallets.status).toBe(200)
      expect(wallets.headers.get('access-control-allow-origin')).toBe(origin)
    }
  })
})
