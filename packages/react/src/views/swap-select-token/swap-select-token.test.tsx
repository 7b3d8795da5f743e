import {
  mainnet,
  pushView,
  resetSwap,
  resetView,
  routerStore,
  setRouterCloseHandler,
  swapStore,
} from '@portico/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { createPortico } from '../../create-portico'
import { eth, prtc, usdc } from '../../test/swap-server'
import SwapSelectToken from './swap-select-token'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
})

function renderPicker(side: 'from' | 'to') {
  resetView('Account')
  pushView('Swap')
  pushView('SwapSelectToken', { side })
  render(
    <PorticoContext.Provider value={portico}>
      <SwapSelectToken />
    </PorticoContext.Provider>,
  )
}

beforeEach(() => {
  setRouterCloseHandler(vi.fn())
  swapStore.set({ tokens: [eth, usdc, prtc], popular: [usdc.address], from: eth })
})

afterEach(() => {
  cleanup()
  resetSwap()
  routerStore.reset()
  setRouterCloseHandler(undefined)
})

describe('SwapSelectToken', () => {
  it('lists popular tokens first and marks the one chosen for this side', () => {
    renderPicker('from')
    const list = screen.getByRole('list', { name: 'Tokens to pay with' })
    const rows = within(list).getAllByRole('button')
    expect(rows.map((row) => row.textContent)).toEqual([
      'UUSDCUSD Coin',
      'EETHEther',
      'PPRTCPortico Token',
    ])
    expect(rows[1]?.getAttribute('aria-current')).toBe('true')
  })

  it('finds tokens by symbol, name or address, and says so when none matches', () => {
    renderPicker('to')
    const search = screen.getByRole('searchbox', { name: 'Search tokens' })
    fireEvent.change(search, { target: { value: 'portico' } })
    expect(within(screen.getByRole('list')).getAllByRole('button')).toHaveLength(1)
    fireEvent.change(search, { target: { value: '0x8ce361602b935680e8dec218b820ff5056beb7af' } })
    expect(within(screen.getByRole('list')).getByRole('button').textContent).toContain('USDC')
    fireEvent.change(search, { target: { value: 'doge' } })
    expect(screen.getByRole('status').textContent).toBe('No token found for “doge”')
  })

  it('picks the token for its side and goes back to the swap', () => {
    renderPicker('to')
    fireEvent.click(screen.getByRole('button', { name: /PRTC/ }))
    expect(swapStore.get().to).toEqual(prtc)
    expect(routerStore.get().view).toBe('Swap')
  })
})
