import {
  accountStore,
  createPorticoClient,
  embeddedWalletStore,
  mainnet,
  openModal,
  resetEmbeddedWallet,
  routerStore,
  updateAccount,
} from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import Account from './account'

const client = createPorticoClient(
  { projectId: 'p1', apiUrl: 'http://127.0.0.1:1', networks: [mainnet] },
  { storage: null },
)
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

afterEach(() => {
  cleanup()
  accountStore.reset()
  resetEmbeddedWallet()
  routerStore.reset()
})

function connectedWith(identifier: string) {
  act(() => {
    updateAccount('eip155', {
      address,
      caipAddress: `eip155:1:${address}`,
      status: 'connected',
      connectedWalletInfo: { name: 'Email', identifier },
    })
    embeddedWalletStore.set({
      user: { email: 'visitor@example.test', address, chainId: 1 },
    })
  })
}

function renderAccount() {
  render(
    <PorticoContext.Provider value={client}>
      <Account />
    </PorticoContext.Provider>,
  )
}

describe('Account with the embedded wallet', () => {
  it('shows the e-mail the wallet is known by, and changes it from its settings', () => {
    connectedWith('embeddedWallet')
    openModal({ view: 'Account' })
    renderAccount()
    expect(screen.getByText('visitor@example.test')).toBeTruthy()
    // One level down: not among the actions until the settings are opened.
    expect(screen.queryByRole('button', { name: 'Change e-mail' })).toBeNull()
    const toggle = screen.getByRole('button', { name: 'Account settings' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('region', { name: 'Account settings' }).textContent).toContain(
      'Standard (EOA)',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Change e-mail' }))
    expect(routerStore.get().view).toBe('UpdateEmailWallet')
  })

  it('offers the key export, which opens its own view', () => {
    connectedWith('embeddedWallet')
    openModal({ view: 'Account' })
    renderAccount()
    expect(screen.queryByRole('button', { name: 'Export private key' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Account settings' }))
    fireEvent.click(screen.getByRole('button', { name: 'Export private key' }))
    expect(routerStore.get().view).toBe('ExportEmbeddedKey')
  })

  it('shows no e-mail for a wallet app', () => {
    connectedWith('io.metamask')
    renderAccount()
    expect(screen.queryByText('visitor@example.test')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Change e-mail' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Export private key' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Account settings' })).toBeNull()
  })
})
