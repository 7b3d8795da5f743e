// A wallet that will not disconnect: Account says which chain would not let go and why, in the
// spec's words ('Failed to disconnect chain {chain}: {message}'), and the account stays.
import {
  accountStore,
  connectionStore,
  createPorticoClient,
  mainnet,
  networkStore,
  openModal,
  type PorticoClient,
  routerStore,
} from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createConnector } from '@wagmi/core'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import Account from './account'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const clients: PorticoClient[] = []

afterEach(() => {
  cleanup()
  for (const client of clients.splice(0)) client.destroy()
  accountStore.reset()
  routerStore.reset()
  networkStore.reset()
})

/** A browser wallet that connects and then refuses to disconnect, with its own words. */
const stuckWallet = createConnector((config) => ({
  id: 'stuck-wallet',
  name: 'Stuck Wallet',
  type: 'injected',
  // wagmi types connect's answer by a generic this wallet has no use for.
  connect: async () => ({ accounts: [address], chainId: config.chains[0].id }) as never,
  async disconnect() {
    throw new Error('Wallet did not answer')
  },
  getAccounts: async () => [address],
  getChainId: async () => config.chains[0].id,
  getProvider: async () => ({ request: async () => null }),
  isAuthorized: async () => true,
  onAccountsChanged() {},
  onChainChanged() {},
  onDisconnect() {},
}))

describe('Disconnect on Account when the wallet will not let go', () => {
  it("shows 'Failed to disconnect chain eip155: Wallet did not answer' and keeps the account", async () => {
    const client = createPorticoClient(
      { projectId: 'p1', apiUrl: 'http://127.0.0.1:1', networks: [mainnet] },
      { storage: null, connectors: [stuckWallet] },
    )
    clients.push(client)
    const wallet = connectionStore.get().connectors.find((entry) => entry.id === 'stuck-wallet')
    if (!wallet) throw new Error('the wallet is not on the Connect view')
    await act(() => client.selectConnector(wallet))
    openModal({ view: 'Account' })
    render(
      <PorticoContext.Provider value={client}>
        <Account />
      </PorticoContext.Provider>,
    )

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Disconnect' })))

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to disconnect chain eip155: Wallet did not answer',
    )
    expect(connectionStore.get().status).toBe('connected')
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy()
  })
})
