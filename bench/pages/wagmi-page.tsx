// What the baseline and floor pages share: React + wagmi + viem on the networks the Portico page
// asks for, and no Portico.
import { base, mainnet } from '@portico/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { createConfig, http, WagmiProvider } from 'wagmi'

const config = createConfig({
  chains: [mainnet, base],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})

export function renderWagmiPage(page: ReactNode): void {
  const root = document.getElementById('root')
  if (!root) return
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>{page}</QueryClientProvider>
    </WagmiProvider>,
  )
}
