import {
  createPorticoClient,
  followOnrampOrder,
  mainnet,
  networkStore,
  type OnrampOrder,
  onrampStore,
  pushView,
  routerStore,
} from '@portico/core'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import BuyInProgress from './buy-in-progress'

const client = createPorticoClient(
  {
    projectId: 'f94537f769cddac7aff0d3d7b370838e',
    apiUrl: 'http://127.0.0.1:1',
    networks: [mainnet],
  },
  { storage: null },
)

const order = (patch: Partial<OnrampOrder>): OnrampOrder => ({
  orderId: 'ab'.repeat(16),
  status: 'created',
  provider: 'portico-sandbox',
  chain: 'eip155:1',
  destination: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  paymentTotal: { amount: '100.00', currency: 'USD' },
  purchaseAmount: { amount: '0.03276823', currency: 'ETH' },
  txHash: null,
  message: null,
  ...patch,
})

function renderView() {
  render(
    <PorticoContext.Provider value={client}>
      <BuyInProgress />
    </PorticoContext.Provider>,
  )
}

afterEach(() => {
  cleanup()
  onrampStore.reset()
  routerStore.reset()
  networkStore.reset()
})

describe('BuyInProgress', () => {
  it('says what the provider window waits for, with a way back to it', () => {
    followOnrampOrder('http://127.0.0.1:1/onramp/checkout/x', order({ purchaseAmount: null }))
    renderView()
    expect(screen.getByText('Complete your payment in the provider window')).toBeTruthy()
    const again = screen.getByRole('link', { name: 'Open the provider window again' })
    expect(again.getAttribute('href')).toBe('http://127.0.0.1:1/onramp/checkout/x')
  })

  it("shows the provider's reason for a declined card and goes back to try again", () => {
    pushView('Account')
    pushView('OnRampProviders')
    pushView('BuyInProgress')
    followOnrampOrder('u', order({ status: 'declined', message: 'Your card was declined.' }))
    renderView()
    expect(screen.getByRole('alert').textContent).toBe('Your card was declined.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(routerStore.get().view).toBe('OnRampProviders')
  })

  it('ends on what arrived, with 3 decimals, its hash and a copy button, and goes back to Account', () => {
    pushView('Account')
    pushView('OnRampProviders')
    pushView('BuyInProgress')
    const hash = `0x${'12'.repeat(32)}`
    followOnrampOrder('u', order({ status: 'paid', txHash: hash }))
    renderView()
    expect(screen.getByRole('status').textContent).toBe('Purchase complete: 0.032 ETH arrived')
    expect(screen.getByText(hash)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy hash' })).toBeTruthy()
    // No network of the page's knows eip155:1 here: no explorer to link.
    expect(screen.queryByRole('link')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    expect(routerStore.get().view).toBe('Account')
  })

  it('links the purchase on the explorer of its network', () => {
    networkStore.set({ requestedCaipNetworks: [mainnet] })
    const hash = `0x${'34'.repeat(32)}`
    followOnrampOrder('u', order({ status: 'paid', txHash: hash }))
    renderView()
    expect(screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(
      `https://etherscan.io/tx/${hash}`,
    )
  })

  it('says plainly that a paid purchase failed, why, and offers no way back as if done', () => {
    pushView('Account')
    pushView('OnRampProviders')
    pushView('BuyInProgress')
    followOnrampOrder(
      'u',
      order({ status: 'failed', message: 'The coins could not be delivered to this address' }),
    )
    renderView()
    expect(screen.getByRole('status').textContent).toBe('The purchase failed')
    expect(screen.getByRole('alert').textContent).toBe(
      'The coins could not be delivered to this address',
    )
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Back to account' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(routerStore.get().view).toBe('OnRampProviders')
  })
})
