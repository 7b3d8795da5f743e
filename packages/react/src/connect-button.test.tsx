import {
  clearAccount,
  connectionStore,
  mainnet,
  modalStore,
  routerStore,
  updateAccount,
} from '@portico/core'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from './connect-button'
import { createPortico } from './create-portico'
import { PorticoProvider } from './portico-provider'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
})

function renderButton() {
  return render(
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>,
  )
}

afterEach(() => {
  cleanup()
  modalStore.reset()
  routerStore.reset()
  clearAccount('eip155')
  connectionStore.reset()
})

describe('ConnectButton', () => {
  it('offers to connect while disconnected', () => {
    renderButton()
    expect(screen.getByRole('button', { name: 'Connect Wallet' })).toBeTruthy()
  })

  it('opens the modal on the Connect view, which the page did not load before', async () => {
    renderButton()
    fireEvent.click(screen.getByRole('button', { name: 'Connect Wallet' }))
    expect(modalStore.get().open).toBe(true)
    expect(routerStore.get().view).toBe('Connect')
    // The modal's chunk is transformed on first import: seconds on a busy machine.
    expect(
      await screen.findByRole('heading', { name: 'Connect Wallet' }, { timeout: 20_000 }),
    ).toBeTruthy()
  })

  it('shows the short address and the balance once connected', () => {
    renderButton()
    act(() => {
      connectionStore.set({ status: 'connected' })
      updateAccount('eip155', {
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        balance: '9999.987654',
        balanceSymbol: 'ETH',
      })
    })
    const button = screen.getByRole('button', { name: /0xf39F…2266/ })
    expect(button.textContent).toContain('9,999.987 ETH')
  })

  it('is named in words, the address and the balance apart', () => {
    renderButton()
    act(() => {
      connectionStore.set({ status: 'connected' })
      updateAccount('eip155', {
        address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        balance: '1.5',
        balanceSymbol: 'ETH',
      })
    })
    expect(screen.getByRole('button', { name: '0x7099…79C8, 1.5 ETH' })).toBeTruthy()
  })
})
