import { createServerSiwx } from '@portico/core'
import { createPortico } from '@portico/react'
import { customWallets } from './custom-wallet'
import { pageNetworksOf } from './local-networks'
import { pageFeatures, pageLegalLinks } from './page-features'
import { signInMode } from './sign-in-mode'
import { initialThemeChoice } from './theme-choice'

// The dev project `npm start` seeds on our own server; a deployment sets its own at build time.
export const portico = createPortico({
  projectId: import.meta.env.VITE_PORTICO_PROJECT_ID ?? 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: import.meta.env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787',
  // The embedded wallet frame (e-mail login), served by the same server on its own port.
  frameUrl: import.meta.env.VITE_PORTICO_FRAME_URL ?? 'http://127.0.0.1:8788/',
  networks: pageNetworksOf(typeof location === 'undefined' ? '' : location.search),
  themeMode: initialThemeChoice,
  metadata: {
    name: 'Portico',
    description: 'Connect a wallet, self-hosted',
    url: typeof location === 'undefined' ? 'http://localhost' : location.origin,
    icons: [],
  },
  features: pageFeatures,
  ...pageLegalLinks,
  ...(customWallets ? { customWallets } : {}),
  ...(signInMode ? { siwx: createServerSiwx({ required: signInMode === 'required' }) } : {}),
})
