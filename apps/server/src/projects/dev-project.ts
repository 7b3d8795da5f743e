// The project `npm start` seeds so the web app can be built against a known id. Fixed and
// deterministic: the first 32 hex digits of sha256('portico dev project').
import { DEFAULT_ALLOWED_ORIGINS } from '../constants'

export const DEV_PROJECT_ID = 'f94537f769cddac7aff0d3d7b370838e'

export interface ProjectSeed {
  id: string
  name: string
  allowedOrigins: readonly string[]
}

export const DEV_PROJECT: ProjectSeed = {
  id: DEV_PROJECT_ID,
  name: 'Portico dev',
  // The spec's defaults, plus 127.0.0.1 where local tools often serve the app.
  allowedOrigins: [...DEFAULT_ALLOWED_ORIGINS, '127.0.0.1:*'],
}
