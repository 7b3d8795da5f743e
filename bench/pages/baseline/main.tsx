// The reference page: React + wagmi + viem with a connect button made from wagmi's own hooks,
// no Portico. What Portico adds is the connect-button page minus this one.
import { base, mainnet } from '@portico/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createRoot } from 'react-dom/client'
import { createConfig, http, useConnect, useConnection, useConnectors, WagmiProvider } from 'wagmi'

const config = createConfig({
  chains: [mainnet, base],
  transports: { [mainnet.id]: http(), [base.id]: http() },
})

function Connect() {
  const connection = useConnection()
  const connectors = useConnectors()
  const connect = useConnect()
  if (connection.address) return <p>{connection.address}</p>
  return (
    <button
      type="button"
      onClick={() => connectors[0] && connect.connect({ connector: connectors[0] })}
    >
      Connect Wallet
    </button>
  )
}

const root = document.getElementById('root')
if (root) {
  createRoot(root).render(
    <WagmiProvider config={config}>
      <QueryClientProvider client={new QueryClient()}>
        <Connect />
      </QueryClientProvider>
    </WagmiProvider>,
  )
}
