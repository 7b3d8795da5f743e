// The project `npm start` seeds so the web app can be built against a known id. Fixed and
// deterministic: the first 32 hex digits of sha256('portico dev project').
export const DEV_PROJECT_ID = 'f94537f769cddac7aff0d3d7b370838e'

export interface ProjectSeed {
  id: string
  name: string
  allowedOrigins: readonly string[]
}

export const DEV_PROJECT: ProjectSeed = {
  id: DEV_PROJECT_ID,
  name: 'Portico dev',
  // Pages on this machine only (any port, http or https). Not the spec's default list: its id is
  // public, and pages.dev, vercel.app and ngrok-free.app serve anyone's pages.
  allowedOrigins: ['localhost:*', '127.0.0.1:*'],
}
