import { beforeEach, describe, expect, it, vi } from 'vitest'
import {
  accountStore,
  clearAccount,
  emptyNamespaceAccount,
  getAccount,
  setAccountTab,
  updateAccount,
} from './account'

const evmAddress = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

beforeEach(() => {
  accountStore.reset()
})

describe('account state per namespace', () => {
  it('reads as an empty, disconnected account on the Tokens tab before anything connects', () => {
    expect(getAccount('eip155')).toEqual(emptyNamespaceAccount())
    expect(getAccount('eip155')).toMatchObject({
      address: undefined,
      caipAddress: undefined,
      balance: undefined,
      status: 'disconnected',
      currentTab: 'tokens',
      allAccounts: [],
    })
  })

  it('keeps each namespace apart', () => {
    updateAccount('eip155', { address: evmAddress, status: 'connected' })
    updateAccount('solana', { address: solanaAddress, status: 'connected' })
    expect(getAccount('eip155').address).toBe(evmAddress)
    expect(getAccount('solana').address).toBe(solanaAddress)
    expect(getAccount('bip122').address).toBeUndefined()
  })

  it('merges an update into what the namespace already holds', () => {
    updateAccount('eip155', {
      address: evmAddress,
      caipAddress: `eip155:1:${evmAddress}`,
      status: 'connected',
    })
    updateAccount('eip155', { balance: '1.5', balanceSymbol: 'ETH' })
    expect(getAccount('eip155')).toMatchObject({
      address: evmAddress,
      caipAddress: `eip155:1:${evmAddress}`,
      status: 'connected',
      balance: '1.5',
      balanceSymbol: 'ETH',
    })
  })

  it('remembers the tab the visitor chose, per namespace', () => {
    setAccountTab('eip155', 'activity')
    expect(getAccount('eip155').currentTab).toBe('activity')
    expect(getAccount('solana').currentTab).toBe('tokens')
  })

  it('clears only the namespace that disconnected', () => {
    updateAccount('eip155', { address: evmAddress, balance: '1.5', status: 'connected' })
    updateAccount('solana', { address: solanaAddress, status: 'connected' })
    clearAccount('eip155')
    expect(getAccount('eip155')).toEqual(emptyNamespaceAccount())
    expect(getAccount('solana').address).toBe(solanaAddress)
    expect(accountStore.get().byNamespace).not.toHaveProperty('eip155')
  })

  it('tells subscribers when an account changes and stays silent for a namespace never set', () => {
    const listener = vi.fn()
    accountStore.subscribe(listener)
    clearAccount('bip122')
    expect(listener).not.toHaveBeenCalled()
    updateAccount('eip155', { address: evmAddress })
    expect(listener).toHaveBeenCalledTimes(1)
  })
})
