// The floor the modal is held against (issue 30): the same stack (React + wagmi + viem), a
// button that shows a static list of wallets in place, no modal, nothing fetched on the click.
// Its rows are the ones the modal lists: WalletConnect, the wallets announced over EIP-6963, and
// the registry's four recommended ones by name, without images.
import { useState } from 'react'
import { useConnect, useConnectors } from 'wagmi'
import { renderWagmiPage } from '../wagmi-page'

const RECOMMENDED = ['MetaMask', 'Trust Wallet', 'Coinbase Wallet', 'Rainbow']

function WalletList() {
  const connectors = useConnectors()
  const connect = useConnect()
  return (
    <dialog open aria-label="Connect Wallet">
      <ul aria-label="Wallets">
        <li>
          <button type="button">WalletConnect</button>
        </li>
        {connectors.map((connector) => (
          <li key={connector.uid}>
            <button type="button" onClick={() => connect.connect({ connector })}>
              {connector.icon ? <img src={connector.icon} alt="" width={36} height={36} /> : null}
              {connector.name}
            </button>
          </li>
        ))}
        {RECOMMENDED.map((name) => (
          <li key={name}>
            <button type="button">{name}</button>
          </li>
        ))}
      </ul>
    </dialog>
  )
}

function Connect() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? <WalletList /> : null}
    </>
  )
}

renderWagmiPage(<Connect />)
