// The embedded wallet frame's listener (frame/): FRAME_PORT turns it on (0 picks a free port;
// unset, the server serves no frame), PORTICO_FRAME_DIR is the frame's production build
// (packages/frame's `vite build`). Behind a proxy or TLS, the browser reaches the frame and the
// API at other addresses than the ones the server listens on: PORTICO_FRAME_PUBLIC_URL and
// PORTICO_API_PUBLIC_URL name them (origins only), so the page, its CSP and the API's CORS use
// what the browser sees. Unset, both are http://<host>:<port> of the listeners.
import { fileURLToPath } from 'node:url'

export interface FrameConfig {
  /** undefined: no frame listener. */
  port: number | undefined
  /** The built frame: index.html and assets/. */
  dir: string
  /** The frame's origin as browsers reach it; unset: the listener's own address. */
  publicUrl?: string
  /** The API's origin as the frame's browser reaches it; unset: the API listener's address. */
  apiPublicUrl?: string
}

/** An http(s) origin with nothing after it (a trailing slash is dropped). */
function readPublicOrigin(name: string, value: string | undefined): string | undefined {
  const text = value?.trim()
  if (text === undefined || text === '') return undefined
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  const plain = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash
  if (!url || !plain || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username) {
    throw new RangeError(`${name} must be an http(s) origin such as https://frame.example.com`)
  }
  return url.origin
}

const defaultDir = fileURLToPath(new URL('../../../../packages/frame/dist', import.meta.url))

/** Throws RangeError on a bad value (loadConfig turns it into a ConfigError). */
export function readFrameConfig(env: NodeJS.ProcessEnv): FrameConfig {
  const text = env.FRAME_PORT?.trim()
  let port: number | undefined
  if (text !== undefined && text !== '') {
    port = Number(text)
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new RangeError(`FRAME_PORT must be a port number, got ${JSON.stringify(text)}`)
    }
  }
  const dir = env.PORTICO_FRAME_DIR?.trim()
  const publicUrl = readPublicOrigin('PORTICO_FRAME_PUBLIC_URL', env.PORTICO_FRAME_PUBLIC_URL)
  const apiPublicUrl = readPublicOrigin('PORTICO_API_PUBLIC_URL', env.PORTICO_API_PUBLIC_URL)
  return {
    port,
    dir: dir ? dir : defaultDir,
    ...(publicUrl ? { publicUrl } : {}),
    ...(apiPublicUrl ? { apiPublicUrl } : {}),
  }
}
