// The reference page: React + wagmi + viem with a connect button made from wagmi's own hooks,
// no Portico. What Portico adds is the connect-button page minus this one.
import { useConnect, useConnection, useConnectors } from 'wagmi'
import { renderWagmiPage } from '../wagmi-page'

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

renderWagmiPage(<Connect />)
