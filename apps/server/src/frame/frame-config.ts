// The embedded wallet frame's listener (frame/): FRAME_PORT turns it on (0 picks a free port;
// unset, the server serves no frame), PORTICO_FRAME_DIR is the frame's production build
// (packages/frame's `vite build`).
import { fileURLToPath } from 'node:url'

export interface FrameConfig {
  /** undefined: no frame listener. */
  port: number | undefined
  /** The built frame: index.html and assets/. */
  dir: string
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
  return { port, dir: dir ? dir : defaultDir }
}
