import {
  createPorticoClient,
  mainnet,
  onrampStore,
  type PorticoClient,
  routerStore,
} from '@portico/core'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { connect, mock } from '@wagmi/core'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import OnRampProviders from './on-ramp-providers'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
let client: PorticoClient

// Nothing listens on port 1: every onramp call fails, as when the server is down.
beforeAll(async () => {
  client = createPorticoClient(
    {
      projectId: 'f94537f769cddac7aff0d3d7b370838e',
      apiUrl: 'http://127.0.0.1:1',
      networks: [mainnet],
    },
    { connectors: [mock({ accounts: [alice] })], storage: null },
  )
  const connector = client.wagmiConfig.connectors.find((entry) => entry.id === 'mock')
  if (!connector) throw new Error('no mock connector')
  await connect(client.wagmiConfig, { connector })
})

afterEach(() => {
  cleanup()
  onrampStore.reset()
  routerStore.reset()
})

function renderView() {
  render(
    <PorticoContext.Provider value={client}>
      <OnRampProviders />
    </PorticoContext.Provider>,
  )
}

describe('OnRampProviders with the server down', () => {
  it('offers the built-in providers with their fees and a placeholder quote', async () => {
    renderView()
    const sandbox = await screen.findByRole('radio', { name: /Portico Sandbox/ })
    expect((sandbox as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('Fee 1.5 %')).toBeTruthy()
    expect(screen.getByText('Fee 1.9 %')).toBeTruthy()
    expect(screen.getByRole('option', { name: 'EUR' })).toBeTruthy()
    await screen.findByText('No quote right now: the provider shows the final price.', undefined, {
      timeout: 5000,
    })
    const proceed = screen.getByRole('button', { name: 'Continue in external window' })
    expect((proceed as HTMLButtonElement).disabled).toBe(false)
  })

  it('refuses 5 and 8,000 USD by card with the limits, and a preset fills the amount', async () => {
    renderView()
    await screen.findByRole('radio', { name: /Portico Sandbox/ })
    const amount = screen.getByLabelText('Amount')
    const limits = 'By card, the amount must be between 10.00 and 7500.00 USD'
    for (const refused of ['5', '8000']) {
      fireEvent.change(amount, { target: { value: refused } })
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(limits))
      expect(amount.getAttribute('aria-invalid')).toBe('true')
      const proceed = screen.getByRole('button', { name: 'Continue in external window' })
      expect((proceed as HTMLButtonElement).disabled).toBe(true)
    }
    fireEvent.click(screen.getByRole('button', { name: '250 USD' }))
    expect((amount as HTMLInputElement).value).toBe('250')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''))
  })
})
