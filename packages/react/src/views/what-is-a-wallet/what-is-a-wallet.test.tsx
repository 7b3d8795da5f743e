import { mainnet, modalStore, routerStore, walletListStore } from '@portico/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../../connect-button'
import { createPortico } from '../../create-portico'
import { PorticoProvider } from '../../portico-provider'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
})

// The first load of a view's module is transformed on the fly here: give it time.
const VIEW_LOAD = { timeout: 5_000 }

beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ data: [], count: 0 }))
})

afterEach(() => {
  cleanup()
  modalStore.reset()
  routerStore.reset()
  walletListStore.reset()
  vi.unstubAllGlobals()
})

describe('What is a wallet?', () => {
  it('opens from Connect, says what a wallet is, leads to Get a wallet and back', async () => {
    render(
      <PorticoProvider portico={portico}>
        <ConnectButton />
      </PorticoProvider>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    fireEvent.click(await screen.findByRole('button', { name: 'What is a wallet?' }, VIEW_LOAD))
    const dialog = screen.getByRole('dialog')
    await within(dialog).findByRole(
      'heading',
      { name: 'A home for your digital assets' },
      VIEW_LOAD,
    )
    within(dialog).getByRole('heading', { name: 'A new way to log in' })

    fireEvent.click(within(dialog).getByRole('button', { name: 'Get a wallet' }))
    // The Wallet API knows no wallet here: the view says so rather than spin for ever.
    expect((await within(dialog).findByRole('status', {}, VIEW_LOAD)).textContent).toBe(
      'No wallets to show right now. Try again later.',
    )

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await within(dialog).findByRole('heading', { name: 'A home for your digital assets' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }))
    await within(dialog).findByRole('list', { name: 'Wallets' })
  })
})
