import { completeSend, resetSend, routerStore } from '@portico/core'
import { signedTransactionHash } from '@portico/test-kit'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import TransactionSent from './transaction-sent'

// A hash as the wallet answers it: of a transaction the dev account signs.
const hash = await signedTransactionHash()

afterEach(() => {
  cleanup()
  resetSend()
  routerStore.reset()
})

describe('TransactionSent', () => {
  it('shows the sent amount as every amount is shown: grouped, 3 decimals', () => {
    completeSend({
      hash,
      amount: '1234.5678912',
      symbol: 'ETH',
      networkName: 'Ethereum',
      explorerUrl: undefined,
    })
    render(<TransactionSent />)
    expect(screen.getByRole('status').textContent).toBe('Sent 1,234.567 ETH on Ethereum')
  })

  it('shows what was sent, where, its hash, and the explorer page of a network that has one', () => {
    completeSend({
      hash,
      amount: '0.01',
      symbol: 'ETH',
      networkName: 'Ethereum',
      explorerUrl: `https://etherscan.io/tx/${hash}`,
    })
    render(<TransactionSent />)
    expect(screen.getByRole('status').textContent).toBe('Sent 0.01 ETH on Ethereum')
    expect(screen.getByText(hash)).toBeTruthy()
    const link = screen.getByRole('link', { name: 'View on explorer' })
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/tx/${hash}`)
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    expect(routerStore.get().history).toEqual(['Account'])
  })

  it('links no explorer on a network without one', () => {
    completeSend({
      hash,
      amount: '1',
      symbol: 'ETH',
      networkName: 'Ethereum',
      explorerUrl: undefined,
    })
    render(<TransactionSent />)
    expect(screen.getByText(hash)).toBeTruthy()
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('says so when opened with nothing sent', () => {
    render(<TransactionSent />)
    expect(screen.getByText('No transaction sent yet.')).toBeTruthy()
  })
})
