import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { startWallet } from './startWallet'

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')

// Started once, outside React, so StrictMode's double effects never make two clients.
const started = startWallet(import.meta.env, window.location)

createRoot(root).render(
  <StrictMode>
    <App started={started} />
  </StrictMode>,
)
