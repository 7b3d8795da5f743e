// A view of a feature the host turned off is never shown, whichever way it is asked for.
import { mainnet, modalStore, routerStore } from '@portico/core'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectButton } from '../connect-button'
import { createPortico } from '../create-portico'
import { PorticoProvider } from '../portico-provider'

afterEach(() => {
  cleanup()
  modalStore.reset()
  routerStore.reset()
  vi.unstubAllGlobals()
})

function renderPage() {
  // The Wallet API knows no wallet here; what matters is which view shows.
  vi.stubGlobal('fetch', async () => Response.json({ data: [], count: 0 }))
  const portico = createPortico({
    projectId: 'f94537f769cddac7aff0d3d7b370838e',
    apiUrl: 'http://127.0.0.1:1',
    networks: [mainnet],
    features: { send: false, history: false, swaps: false },
  })
  render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
  return portico
}

// The dialog's chunk is transformed on first open: a busy machine needs more than 5 s.
describe('views of a feature turned off', { timeout: 30_000 }, () => {
  it('open where the modal would start instead', async () => {
    const portico = renderPage()
    act(() => portico.open({ view: 'Send' }))
    await screen.findByRole('list', { name: 'Wallets' }, { timeout: 20_000 })
    expect(routerStore.get()).toMatchObject({ view: 'Connect', history: ['Connect'] })
    expect(screen.queryByRole('heading', { name: 'Send' })).toBeNull()
  })

  it('are not navigated to: the modal stays where it was', async () => {
    const portico = renderPage()
    act(() => portico.open())
    await screen.findByRole('list', { name: 'Wallets' }, { timeout: 20_000 })
    for (const view of ['Send', 'SendPreview', 'Swap', 'SwapPreview', 'Transactions'] as const) {
      act(() => portico.navigate(view))
      await waitFor(() => expect(routerStore.get().view, view).toBe('Connect'))
      expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy()
    }
    // A feature still on opens as before.
    act(() => portico.navigate('WhatIsAWallet'))
    await waitFor(() => expect(routerStore.get().view).toBe('WhatIsAWallet'))
    // Its chunk loaded and shown, so nothing is still loading when the test ends.
    await waitFor(
      () => expect(document.querySelector('.portico-view[aria-busy="true"]')).toBeNull(),
      {
        timeout: 20_000,
      },
    )
  })
})
