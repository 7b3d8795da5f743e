// The embedded wallet frame's listener (frame/): FRAME_PORT turns it on (0 picks a free port;
// unset, the server serves no frame), PORTICO_FRAME_DIR is the frame's production build
// (packages/frame's `vite build`). Behind a proxy or TLS, the browser reaches the frame at
// another address than the one the server listens on: PORTICO_FRAME_PUBLIC_URL names it (an
// origin only), so the page and the API's CORS use what the browser sees. Unset, it is
// http://<host>:<port> of the listener. (The API's own, PORTICO_API_PUBLIC_URL, is config.ts's.)
import { fileURLToPath } from 'node:url'
import { readPublicOrigin } from '../http/public-origin'

export interface FrameConfig {
  /** undefined: no frame listener. */
  port: number | undefined
  /** The built frame: index.html and assets/. */
  dir: string
  /** The frame's origin as browsers reach it; unset: the listener's own address. */
  publicUrl?: string
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
  return {
    port,
    dir: dir ? dir : defaultDir,
    ...(publicUrl ? { publicUrl } : {}),
  }
}
