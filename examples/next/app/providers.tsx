'use client'

import { base, mainnet } from '@portico/core'
import { createPortico, PorticoProvider } from '@portico/react'
import type { ReactNode } from 'react'

// Made once per page load, in the browser and in each server render alike: creating it touches
// no browser API, and the wallet reconnects only after hydration.
const portico = createPortico({
  projectId: process.env.NEXT_PUBLIC_PORTICO_PROJECT_ID ?? 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: process.env.NEXT_PUBLIC_PORTICO_API_URL ?? 'http://127.0.0.1:8787',
  networks: [mainnet, base],
})

export function Providers({ children }: { children: ReactNode }) {
  return <PorticoProvider portico={portico}>{children}</PorticoProvider>
}
