import {
  clearAccount,
  EMBEDDED_WALLET_CONNECTOR_ID,
  embeddedWalletStore,
  resetEmbeddedWallet,
  updateAccount,
} from '@portico/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import ApproveTransaction from './approve-transaction'

afterEach(() => {
  cleanup()
  resetEmbeddedWallet()
  clearAccount('eip155')
})

describe('ApproveTransaction', () => {
  it('waits for the wallet with a Cancel button when the wallet is an app', () => {
    render(<ApproveTransaction />)
    expect(screen.getByText('Approve the transaction in your wallet')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('gives the embedded wallet frame its area while it asks, and takes it back after', () => {
    act(() => embeddedWalletStore.set({ approval: { id: 'r1', method: 'personal_sign' } }))
    const view = render(<ApproveTransaction />)
    const area = screen.getByRole('region', { name: 'Embedded wallet approval' })
    expect(area.hasAttribute('data-portico-frame-area')).toBe(true)
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    expect(embeddedWalletStore.get().frameArea).toBeDefined()
    view.unmount()
    expect(embeddedWalletStore.get().frameArea).toBeUndefined()
  })

  it('says the exported key is in the frame only, not on the page', () => {
    act(() => embeddedWalletStore.set({ approval: { id: 'r2', method: 'EXPORT_KEY' } }))
    render(<ApproveTransaction />)
    expect(
      screen.getByText(
        'Your private key is shown in the embedded wallet only, never on this page.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Embedded wallet approval' })).toBeTruthy()
  })

  it('never names the embedded wallet as an app while its frame has not asked yet, or has settled', () => {
    act(() =>
      updateAccount('eip155', {
        status: 'connected',
        connectedWalletInfo: { name: 'Email', identifier: EMBEDDED_WALLET_CONNECTOR_ID },
      }),
    )
    render(<ApproveTransaction />)
    expect(screen.getByText('Review the transaction in your wallet below.')).toBeTruthy()
    expect(screen.queryByText(/Approve the transaction in/)).toBeNull()
    const area = embeddedWalletStore.get().frameArea
    expect(area).toBeDefined()

    act(() => embeddedWalletStore.set({ approval: { id: 'r3', method: 'personal_sign' } }))
    expect(screen.getByText('Review the message to sign in your wallet below.')).toBeTruthy()
    // Settled while the view waits for the receipt: the area stays for a next request.
    act(() => embeddedWalletStore.set({ approval: undefined }))
    expect(screen.getByText('Review the transaction in your wallet below.')).toBeTruthy()
    expect(screen.queryByText(/Approve the transaction in/)).toBeNull()
    expect(embeddedWalletStore.get().frameArea).toEqual(area)
  })
})
