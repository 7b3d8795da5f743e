// What the frame learns when it loads. From its own URL (the modal sets them,
// docs/product.md#embedded-wallet-frame): projectId, chainId, version, enableLogger, and
// `origin`, the host page's exact origin, which the frame accepts messages from and posts to
// (never '*'). From the page the server served:
// the API's URL, in <meta name="portico-api-url">, so a host cannot point the frame elsewhere.
//
// Why a query parameter is enough for the origin: the frame listener answers the page only
// when `origin` is one of the project's allowed origins, and sends it with
// `Content-Security-Policy: frame-ancestors <origin>`, so the browser itself refuses to show
// the frame inside any other page. A lie in `origin` therefore gets a blank frame, and the
// messages of a page that is not at `origin` fail the frame's exact origin check anyway.
import { FrameRequestError } from './frame-error'

export interface FrameConfig {
  projectId: string
  /** The chain the frame starts on (EVM chain id). */
  chainId: number
  version: string
  enableLogger: boolean
  /** The host page's origin, exactly as `event.origin` shows it. */
  parentOrigin: string
  /** Our server, e.g. http://127.0.0.1:8787 (no trailing slash). */
  apiUrl: string
}

const PROJECT_ID = /^[0-9a-f]{32}$/

/** `value` if it is a bare http(s) origin as browsers write it, else undefined. */
export function readOrigin(value: string | null): string | undefined {
  if (value === null || !URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return url.origin === value ? value : undefined
}

function readApiUrl(value: string | null | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined
  const url = new URL(value)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  return url.href.replace(/\/+$/, '')
}

export function readFrameConfig(
  search: string,
  apiUrlMeta: string | null | undefined,
): FrameConfig {
  const query = new URLSearchParams(search)
  const projectId = query.get('projectId') ?? ''
  if (!PROJECT_ID.test(projectId)) throw new FrameRequestError('Invalid Project ID')
  const chainId = Number(query.get('chainId'))
  if (!Number.isSafeInteger(chainId) || chainId < 1) {
    throw new FrameRequestError('The frame needs a chainId')
  }
  const parentOrigin = readOrigin(query.get('origin'))
  if (!parentOrigin) throw new FrameRequestError('The frame needs the exact origin of its page')
  const apiUrl = readApiUrl(apiUrlMeta)
  if (!apiUrl) throw new FrameRequestError('The frame does not know its API')
  return {
    projectId,
    chainId,
    version: query.get('version') ?? '',
    enableLogger: query.get('enableLogger') === 'true',
    parentOrigin,
    apiUrl,
  }
}
