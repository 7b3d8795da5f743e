import { ConnectButton, PorticoProvider } from '@portico/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { HostStatus } from './host-status'
import { portico } from './portico'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

createRoot(root).render(
  <StrictMode>
    <PorticoProvider portico={portico}>
      <header>
        <ConnectButton />
      </header>
      <main>
        <HostStatus />
      </main>
    </PorticoProvider>
  </StrictMode>,
)
