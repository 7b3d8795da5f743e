import { embeddedWalletStore, resetEmbeddedWallet } from '@portico/core'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import ApproveTransaction from './approve-transaction'

afterEach(() => {
  cleanup()
  resetEmbeddedWallet()
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
})
