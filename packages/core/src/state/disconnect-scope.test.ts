import { describe, expect, it } from 'vitest'
import { type AccountState, emptyNamespaceAccount, type NamespaceAccount } from './account'
import type { Connector } from './connection'
import { namespacesToDisconnect } from './disconnect-scope'

const connectors: Connector[] = [
  { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' },
  { id: 'embeddedWallet', name: 'Email', type: 'AUTH', chain: 'eip155' },
  { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155' },
  { id: 'phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' },
]

function connectedWith(identifier: string): NamespaceAccount {
  return {
    ...emptyNamespaceAccount(),
    status: 'connected',
    connectedWalletInfo: { name: identifier, identifier },
  }
}

function accounts(byNamespace: AccountState['byNamespace']): AccountState {
  return { byNamespace }
}

describe('which namespaces a disconnect ends', () => {
  it('ends every chain of a WalletConnect session when one of them disconnects', () => {
    const state = accounts({
      eip155: connectedWith('walletConnect'),
      solana: connectedWith('walletConnect'),
    })
    expect(namespacesToDisconnect('solana', state, connectors)).toEqual(['solana', 'eip155'])
  })

  it('ends every chain of an e-mail or social login when one of them disconnects', () => {
    const state = accounts({
      eip155: connectedWith('embeddedWallet'),
      solana: connectedWith('embeddedWallet'),
    })
    expect(namespacesToDisconnect('eip155', state, connectors)).toEqual(['eip155', 'solana'])
  })

  it("leaves another namespace's injected wallet connected", () => {
    const state = accounts({
      eip155: connectedWith('io.metamask'),
      solana: connectedWith('phantom'),
    })
    expect(namespacesToDisconnect('eip155', state, connectors)).toEqual(['eip155'])
  })

  it('leaves an injected wallet connected when a WalletConnect chain disconnects', () => {
    const state = accounts({
      eip155: connectedWith('walletConnect'),
      solana: connectedWith('phantom'),
    })
    expect(namespacesToDisconnect('eip155', state, connectors)).toEqual(['eip155'])
  })
})
