import { base, mainnet } from '@portico/core'
import { createPortico } from '@portico/react'

// The dev project and the server `npm start` runs in the Portico repository; a real app sets
// its own project id and server address (VITE_PORTICO_* at build time).
export const portico = createPortico({
  projectId: import.meta.env.VITE_PORTICO_PROJECT_ID ?? 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: import.meta.env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787',
  networks: [mainnet, base],
})
