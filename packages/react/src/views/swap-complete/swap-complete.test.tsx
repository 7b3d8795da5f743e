import { resetSwap, routerStore, swapStore, toastStore } from '@portico/core'
import { signedTransactionHash } from '@portico/test-kit'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import SwapComplete from './swap-complete'

// A hash as the wallet answers it: of a transaction the dev account signs.
const hash = await signedTransactionHash()

afterEach(() => {
  cleanup()
  resetSwap()
  routerStore.reset()
  toastStore.reset()
})

describe('SwapComplete', () => {
  it('says what was swapped on which network, with the hash, a copy button and the explorer page', () => {
    swapStore.set({
      done: {
        hash,
        paid: '0.1 ETH',
        received: '299.1 USDC',
        networkName: 'Ethereum',
        explorerUrl: `https://etherscan.io/tx/${hash}`,
      },
    })
    render(<SwapComplete />)
    expect(screen.getByRole('status').textContent).toBe(
      'Swapped 0.1 ETH for 299.1 USDC on Ethereum',
    )
    expect(screen.getByText(hash)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Copy hash' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(
      `https://etherscan.io/tx/${hash}`,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Back to account' }))
    expect(routerStore.get().history).toEqual(['Account'])
  })

  it('copies the hash and says so', async () => {
    swapStore.set({
      done: {
        hash,
        paid: '1 ETH',
        received: '2 USDC',
        networkName: undefined,
        explorerUrl: undefined,
      },
    })
    render(<SwapComplete />)
    fireEvent.click(screen.getByRole('button', { name: 'Copy hash' }))
    await waitFor(() => expect(toastStore.get().message).toBe('Hash copied'))
    expect(await navigator.clipboard.readText()).toBe(hash)
  })

  it('links no explorer on a network without one', () => {
    swapStore.set({
      done: {
        hash,
        paid: '50 USDC',
        received: '0.016 ETH',
        networkName: undefined,
        explorerUrl: undefined,
      },
    })
    render(<SwapComplete />)
    expect(screen.getByRole('status').textContent).toBe('Swapped 50 USDC for 0.016 ETH')
    expect(screen.queryByRole('link')).toBeNull()
  })

  it('says so when opened with no swap made', () => {
    render(<SwapComplete />)
    expect(screen.getByText('No swap made yet.')).toBeTruthy()
  })
})
