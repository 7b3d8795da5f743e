// The embedded wallet frame's own origin: a second HTTP listener, on its own port, serving
// only the frame's build. The page is served for a project and a page origin given in its
// query (`projectId`, `origin`): the project must exist and allow that origin, and the answer
// carries a CSP whose frame-ancestors is exactly that origin (frame-csp.ts). The frame starts
// listening before the API does (the API must know the frame's origin for its CORS), and is
// attached to the API once that listens.
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { type ErrorAnswer, ORIGIN_NOT_ALLOWED_MESSAGE } from '@portico/protocol/error-answer'
import { parseRequestOrigin } from '../projects/origin-pattern'
import type { ProjectDirectory } from '../projects/project-directory'
import { FRAME_REFUSAL_CSP, frameContentSecurityPolicy } from './frame-csp'
import { loadFrameSite } from './frame-site'

export interface FrameListenerOptions {
  host: string
  port: number
  /** The frame's build (index.html, assets/). */
  dir: string
  /** How the listener's URL names the host (127.0.0.1 for 0.0.0.0). */
  reachableHost: string
  /** The frame's origin as browsers reach it (behind a proxy); unset: the listener's address. */
  publicOrigin?: string
}

export interface FrameApi {
  /** The API's URL, written into the page and its connect-src. */
  apiUrl: string
  projects: Pick<ProjectDirectory, 'lookup'>
}

export interface FrameListener {
  /** e.g. http://127.0.0.1:8788 */
  origin: string
  /** The page's URL: the origin and `/`. */
  url: string
  attach(api: FrameApi): void
  close(): Promise<void>
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

function refuse(response: ServerResponse, status: number, code: string, message: string): void {
  const body: ErrorAnswer = { error: { code, message } }
  response.writeHead(status, {
    ...SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-security-policy': FRAME_REFUSAL_CSP,
    'cache-control': 'no-store',
  })
  response.end(JSON.stringify(body))
}

async function answerPage(
  api: FrameApi,
  page: (apiUrl: string) => string,
  query: URLSearchParams,
  response: ServerResponse,
): Promise<void> {
  const projectId = query.get('projectId')
  const access = projectId === null ? undefined : await api.projects.lookup(projectId)
  if (!access) return refuse(response, 401, 'INVALID_KEY', 'Unauthorized: invalid key')
  const origin = query.get('origin')
  if (origin === null || !parseRequestOrigin(origin) || !access.allowsOrigin(origin)) {
    return refuse(response, 403, 'ORIGIN_NOT_ALLOWED', ORIGIN_NOT_ALLOWED_MESSAGE)
  }
  response.writeHead(200, {
    ...SECURITY_HEADERS,
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': frameContentSecurityPolicy(new URL(api.apiUrl).origin, origin),
    // Per project and page origin: never reused from a cache for another.
    'cache-control': 'no-store',
  })
  response.end(page(api.apiUrl))
}

export async function startFrameListener(options: FrameListenerOptions): Promise<FrameListener> {
  const site = loadFrameSite(options.dir)
  let api: FrameApi | undefined

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(response, 405, 'METHOD_NOT_ALLOWED', 'Method not allowed')
    }
    const url = new URL(request.url ?? '/', 'http://frame.invalid')
    if (url.pathname === '/' || url.pathname === '/index.html') {
      if (!api) return refuse(response, 503, 'NOT_READY', 'The server is starting')
      return answerPage(api, site.page, url.searchParams, response)
    }
    const asset = site.asset(url.pathname)
    if (!asset) return refuse(response, 404, 'NOT_FOUND', 'Not found')
    response.writeHead(200, {
      ...SECURITY_HEADERS,
      'content-type': asset.contentType,
      // Hashed names: a new build is a new name.
      'cache-control': 'public, max-age=31536000, immutable',
      // The frame's scripts are for the frame's page only.
      'cross-origin-resource-policy': 'same-origin',
      'content-security-policy': FRAME_REFUSAL_CSP,
    })
    response.end(asset.body)
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) refuse(response, 500, 'INTERNAL', 'Internal server error')
      else response.destroy()
    })
  })
  server.listen(options.port, options.host)
  await once(server, 'listening')
  const address = server.address()
  const port = address && typeof address === 'object' ? address.port : options.port
  const origin = options.publicOrigin ?? `http://${options.reachableHost}:${port}`
  return {
    origin,
    url: `${origin}/`,
    attach(next) {
      api = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
