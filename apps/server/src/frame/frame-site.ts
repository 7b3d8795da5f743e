// The built frame, read into memory once: index.html (with a placeholder for the API's URL)
// and the hashed files under assets/. Only these files are served, so no request path ever
// reaches the file system.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'

export interface FrameAsset {
  body: Buffer
  contentType: string
}

export interface FrameSite {
  /** index.html with the API URL filled in. */
  page(apiUrl: string): string
  asset(path: string): FrameAsset | undefined
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

const API_URL_PLACEHOLDER = '%PORTICO_API_URL%'

export class FrameNotBuiltError extends Error {
  override readonly name = 'FrameNotBuiltError'
  constructor(dir: string) {
    super(`The embedded wallet frame is not built in ${dir}: run npm run build -w packages/frame`)
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

export function loadFrameSite(dir: string): FrameSite {
  const indexPath = join(dir, 'index.html')
  if (!existsSync(indexPath)) throw new FrameNotBuiltError(dir)
  const index = readFileSync(indexPath, 'utf8')
  if (!index.includes(API_URL_PLACEHOLDER)) throw new FrameNotBuiltError(dir)
  const assets = new Map<string, FrameAsset>()
  const assetDir = join(dir, 'assets')
  if (existsSync(assetDir)) {
    for (const name of readdirSync(assetDir)) {
      const contentType = CONTENT_TYPES[extname(name)]
      if (contentType)
        assets.set(`/assets/${name}`, { body: readFileSync(join(assetDir, name)), contentType })
    }
  }
  return {
    page: (apiUrl) => index.replace(API_URL_PLACEHOLDER, escapeAttribute(apiUrl)),
    asset: (path) => assets.get(path),
  }
}
