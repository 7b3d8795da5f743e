// A file of its own: the dialog's chunk must not be loaded before the page renders (the module
// keeps it once loaded, and the other modal-host tests load it).
import { mainnet, modalStore, routerStore } from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { ConnectButton } from '../connect-button'
import { createPortico } from '../create-portico'
import { PorticoProvider } from '../portico-provider'
import { preloadModal } from './modal-host'

afterEach(() => {
  cleanup()
  modalStore.reset()
  routerStore.reset()
  vi.unstubAllGlobals()
})

it('shows the dialog in the commit of the click once a hover has fetched it, not a paint later', async () => {
  // The Wallet API knows no wallet here; what matters is the dialog itself.
  vi.stubGlobal('fetch', async () => Response.json({ data: [], count: 0 }))
  const portico = createPortico({
    projectId: 'f94537f769cddac7aff0d3d7b370838e',
    apiUrl: 'http://127.0.0.1:1',
    networks: [mainnet],
  })
  render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
  // The page rendered before the hover: the dialog's chunk arrives after the host mounted.
  await preloadModal()
  // One synchronous act: no promise gets to settle between the click and the check.
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
  })
  expect(screen.getByRole('list', { name: 'Wallets' })).toBeTruthy()
})
