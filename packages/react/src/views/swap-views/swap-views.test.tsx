import { mainnet, pushView, resetSwap, resetView, routerStore, swapStore } from '@portico/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import { createPortico } from '../../create-portico'
import { eth, usdc } from '../../test/swap-server'
import SwapViews from './swap-views'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
})

afterEach(() => {
  cleanup()
  resetSwap()
  routerStore.reset()
})

describe('SwapViews', () => {
  it('shows the swap view the router is on, from the one chunk', () => {
    swapStore.set({ tokens: [eth, usdc], popular: [] })
    resetView('Account')
    pushView('SwapSelectToken', { side: 'to' })
    render(
      <PorticoContext.Provider value={portico}>
        <SwapViews />
      </PorticoContext.Provider>,
    )
    expect(screen.getByRole('searchbox', { name: 'Search tokens' })).toBeTruthy()
    act(() => pushView('SwapPreview'))
    expect(screen.getByText('Nothing to swap.')).toBeTruthy()
  })
})
