// Each feature flag the host turns off is gone from Account.
import {
  accountStore,
  createPorticoClient,
  mainnet,
  networkStore,
  openModal,
  type PorticoFeatures,
  routerStore,
  updateAccount,
} from '@portico/core'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import Account from './account'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

afterEach(() => {
  cleanup()
  accountStore.reset()
  routerStore.reset()
  networkStore.reset()
})

function renderAccount(features: Partial<PorticoFeatures>) {
  const client = createPorticoClient(
    { projectId: 'p1', apiUrl: 'http://127.0.0.1:1', networks: [mainnet], features },
    { storage: null },
  )
  act(() => {
    networkStore.set({ ...networkStore.get(), activeCaipNetwork: mainnet })
    updateAccount('eip155', {
      address,
      caipAddress: `eip155:1:${address}`,
      status: 'connected',
      connectedWalletInfo: { name: 'MetaMask', identifier: 'io.metamask' },
      currentTab: 'activity',
    })
  })
  openModal({ view: 'Account' })
  render(
    <PorticoContext.Provider value={client}>
      <Account />
    </PorticoContext.Provider>,
  )
  return client
}

const actions = () =>
  screen.queryByRole('group', { name: 'Wallet actions' })
    ? within(screen.getByRole('group', { name: 'Wallet actions' }))
        .getAllByRole('button')
        .map((button) => button.textContent)
    : []
const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent)

describe('Account and the feature flags', () => {
  it('offers every wallet action and tab by default', () => {
    renderAccount({})
    expect(actions()).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    expect(tabs()).toEqual(['Tokens', 'NFTs', 'Activity'])
  })

  // That their views stay shut however asked: modal/modal-feature-views.test.tsx.
  it('hides Send and Receive when they are off', () => {
    renderAccount({ send: false, receive: false })
    expect(actions()).toEqual(['Buy', 'Swap'])
  })

  it('hides the Activity tab without history, showing Tokens where Activity was open last', () => {
    renderAccount({ history: false })
    expect(tabs()).toEqual(['Tokens', 'NFTs'])
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Tokens')
  })

  it('shows no empty action bar when every action is off', () => {
    renderAccount({ send: false, receive: false, swaps: false, onramp: false })
    expect(screen.queryByRole('group', { name: 'Wallet actions' })).toBeNull()
  })
})
