// The peers' comparison page: React + wagmi + viem and Portico's connect button, nothing else.
import { base, mainnet } from '@portico/core'
import { ConnectButton, createPortico, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'

const portico = createPortico({
  projectId: import.meta.env.VITE_PORTICO_PROJECT_ID ?? 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: import.meta.env.VITE_PORTICO_API_URL ?? 'http://127.0.0.1:8787',
  networks: [mainnet, base],
})

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
}
