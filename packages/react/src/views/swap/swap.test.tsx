import {
  type PorticoClient,
  resetSwap,
  routerStore,
  SWAP_QUOTE_DEBOUNCE_MS,
  swapStore,
  tokensStore,
} from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { connectedSwapClient, serveSwapRoutes, usdc } from '../../test/swap-server'
import Swap from './swap'

let client: PorticoClient

beforeAll(async () => {
  serveSwapRoutes()
  client = await connectedSwapClient()
})

beforeEach(() => {
  routerStore.reset()
})

afterEach(() => {
  cleanup()
  resetSwap()
  vi.useRealTimers()
})

async function renderSwap() {
  render(
    <PorticoContext.Provider value={client}>
      <Swap />
    </PorticoContext.Provider>,
  )
  // The token list and the balances are in: ETH is the token to pay with.
  await screen.findByRole('button', { name: 'Token to pay with: ETH. Change' })
  await waitFor(() => expect(tokensStore.get().balances).toHaveLength(2))
}

describe('Swap', () => {
  it('quotes the amount typed once typing rests, with rate, price impact, fee and minimum received', async () => {
    const { calls } = serveSwapRoutes()
    await renderSwap()
    swapStore.set({ to: usdc })
    const amount = screen.getByLabelText('Amount to pay')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fireEvent.change(amount, { target: { value: '0' } })
    fireEvent.change(amount, { target: { value: '0.1' } })
    vi.advanceTimersByTime(SWAP_QUOTE_DEBOUNCE_MS - 50)
    expect(calls.filter((url) => url.pathname === '/v1/convert/quotes')).toHaveLength(0)
    vi.advanceTimersByTime(100)
    await waitFor(() => expect(screen.getByLabelText('Amount to receive').textContent).toBe('299'))
    const quotes = calls.filter((url) => url.pathname === '/v1/convert/quotes')
    expect(quotes.map((url) => url.searchParams.get('amount'))).toEqual(['100000000000000000'])
    const details = within(screen.getByLabelText('Swap details'))
    // Each amount is a phrase of its own (kept on one line): the value is read as a whole.
    const shownFor = (term: string) => details.getByText(term).nextElementSibling?.textContent
    expect(shownFor('Rate')).toBe('1 ETH = 2,990 USDC')
    expect(details.getByText('0.35%')).toBeTruthy()
    // 150,000 gas at 1 gwei (0.00015 ETH, shown with 3 decimals), ETH at $3,000.
    expect(shownFor('Network fee')).toBe('<0.001 ETH ($0.45)')
    expect(details.getByText('Minimum received (1% slippage)')).toBeTruthy()
    expect(details.getByText('296.01 USDC')).toBeTruthy()
    const review = screen.getByRole('button', { name: 'Review swap' })
    fireEvent.click(review)
    expect(routerStore.get().view).toBe('SwapPreview')
  })

  it("says 'Insufficient balance' on the amount field for more than the account holds", async () => {
    serveSwapRoutes()
    await renderSwap()
    swapStore.set({ to: usdc })
    const amount = screen.getByLabelText('Amount to pay')
    fireEvent.change(amount, { target: { value: '2' } })
    expect(screen.getByText('Insufficient balance', { selector: 'p' }).id).toBe(
      amount.getAttribute('aria-describedby'),
    )
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    const button = screen.getByRole('button', { name: 'Insufficient balance' })
    expect(button.hasAttribute('disabled')).toBe(true)
  })

  it('Max fills the balance less the gas, and the token buttons open the picker for their side', async () => {
    serveSwapRoutes()
    await renderSwap()
    await waitFor(() => expect(swapStore.get().gasPrice).toBe(1_000_000_000n))
    fireEvent.click(screen.getByRole('button', { name: 'Max' }))
    expect((screen.getByLabelText('Amount to pay') as HTMLInputElement).value).toBe('1.49964')
    fireEvent.click(screen.getByRole('button', { name: 'Token to receive: none. Change' }))
    expect(routerStore.get()).toMatchObject({ view: 'SwapSelectToken', data: { side: 'to' } })
  })

  it('switches the two tokens', async () => {
    serveSwapRoutes()
    await renderSwap()
    swapStore.set({ to: usdc })
    fireEvent.click(await screen.findByRole('button', { name: 'Switch tokens' }))
    expect(screen.getByRole('button', { name: 'Token to pay with: USDC. Change' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Token to receive: ETH. Change' })).toBeTruthy()
  })

  it("says 'Network not supported for Swaps' on a network without swaps, with a way back", async () => {
    serveSwapRoutes({ swapsOnChain: false })
    resetSwap()
    render(
      <PorticoContext.Provider value={client}>
        <Swap />
      </PorticoContext.Provider>,
    )
    expect((await screen.findByRole('alert')).textContent).toBe('Network not supported for Swaps')
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
  })
})
