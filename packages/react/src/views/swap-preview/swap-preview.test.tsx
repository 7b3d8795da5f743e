import {
  type PorticoClient,
  pushView,
  resetSwap,
  resetView,
  routerStore,
  setRouterCloseHandler,
  setSwapAmount,
  setSwapToken,
  swapStore,
  tokensStore,
} from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import {
  alice,
  balances,
  connectedSwapClient,
  eth,
  serveSwapRoutes,
  usdc,
} from '../../test/swap-server'
import SwapPreview from './swap-preview'

let client: PorticoClient

beforeAll(async () => {
  serveSwapRoutes()
  client = await connectedSwapClient()
})

beforeEach(() => {
  setRouterCloseHandler(vi.fn())
  resetView('Account')
  pushView('Swap')
  pushView('SwapPreview')
})

afterEach(() => {
  cleanup()
  resetSwap()
  routerStore.reset()
  setRouterCloseHandler(undefined)
})

function renderPreview() {
  render(
    <PorticoContext.Provider value={client}>
      <SwapPreview />
    </PorticoContext.Provider>,
  )
}

describe('SwapPreview', () => {
  it('says the wallet asks for an approval first when the allowance is short', async () => {
    serveSwapRoutes({ allowance: '0', quote: () => 16_000_000_000_000_000n })
    setSwapToken('from', usdc)
    setSwapToken('to', eth)
    setSwapAmount('50')
    renderPreview()
    expect(await screen.findByRole('button', { name: 'Approve USDC and swap' })).toBeTruthy()
    expect(
      screen.getByText(/first to let the exchange spend 50 USDC, then for the swap/),
    ).toBeTruthy()
    // The quote asked at once (no quote yet), without waiting for typing to rest.
    await waitFor(() => expect(screen.getByText('0.016 ETH')).toBeTruthy())
    expect(screen.getByText('50 USDC')).toBeTruthy()
  })

  it('swaps at once when the allowance covers the amount', async () => {
    serveSwapRoutes({ allowance: '50000000', quote: () => 16_000_000_000_000_000n })
    setSwapToken('from', usdc)
    setSwapToken('to', eth)
    setSwapAmount('50')
    renderPreview()
    await waitFor(() => expect(swapStore.get().allowanceShort).toBe(false))
    expect(screen.getByRole('button', { name: 'Swap' })).toBeTruthy()
  })

  it('shows why a swap failed in an alert and stays', async () => {
    // No build route on this server: the approval cannot be built.
    serveSwapRoutes({ allowance: '0' })
    tokensStore.set({ caipAddress: `eip155:1:${alice}`, balances })
    setSwapToken('from', usdc)
    setSwapToken('to', eth)
    setSwapAmount('50')
    renderPreview()
    const button = await screen.findByRole('button', { name: 'Approve USDC and swap' })
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
    fireEvent.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe('HTTP status code: 404')
    expect(routerStore.get().view).toBe('SwapPreview')
  })

  it('says so when opened with nothing to swap', () => {
    renderPreview()
    expect(screen.getByText('Nothing to swap.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Back' }))
    expect(routerStore.get().view).toBe('Swap')
  })
})
