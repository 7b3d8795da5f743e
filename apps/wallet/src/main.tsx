import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { startWallet } from './start-wallet'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// Started once, outside React, so StrictMode's double effects never make two clients.
const started = startWallet(import.meta.env, window.location)

createRoot(root).render(
  <StrictMode>
    <App started={started} />
  </StrictMode>,
)
