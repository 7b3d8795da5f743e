import {
  clearAccount,
  configureSignIn,
  connectionStore,
  mainnet,
  modalStore,
  networkStore,
  routerStore,
  type SiwxConfig,
  siwxStore,
  updateAccount,
} from '@portico/core'
import { devAccount, signedMessage } from '@portico/test-kit'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { createPortico } from '../../create-portico'
import SIWXSignMessage from './siwx-sign-message'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const portico = createPortico({
  projectId: 'f94537f769cddac7aff0d3d7b370838e',
  apiUrl: 'http://127.0.0.1:1',
  networks: [mainnet],
  metadata: { name: 'Corner Shop', description: 'A shop', url: 'http://localhost', icons: [] },
})

function siwx(required: boolean): SiwxConfig {
  return {
    createMessage: async ({ accountAddress, chainId }) => ({
      data: {
        accountAddress,
        chainId,
        domain: 'localhost',
        uri: 'http://localhost/',
        version: '1',
        nonce: 'abcdefgh',
      },
      message: 'Sign in to Corner Shop',
    }),
    addSession: async () => undefined,
    revokeSession: async () => undefined,
    setSessions: async () => undefined,
    getSessions: async () => [],
    getRequired: () => required,
  }
}

function renderView() {
  return render(
    <PorticoContext.Provider value={portico}>
      <SIWXSignMessage />
    </PorticoContext.Provider>,
  )
}

const client = {
  signMessage: vi.fn((message: string) => devAccount(0).signMessage({ message })),
  disconnect: vi.fn(async () => undefined),
}

beforeEach(() => {
  connectionStore.set({ status: 'connected' })
  updateAccount('eip155', {
    address: alice,
    caipAddress: `eip155:1:${alice}`,
    connectedWalletInfo: { name: 'Portico Test Wallet' },
  })
  networkStore.set({ activeCaipNetwork: mainnet, requestedCaipNetworks: [mainnet] })
  siwxStore.set({ status: 'unauthenticated', caipAddress: `eip155:1:${alice}` })
  client.signMessage.mockClear()
  client.disconnect.mockClear()
})

afterEach(() => {
  cleanup()
  configureSignIn({})
  siwxStore.reset()
  modalStore.reset()
  routerStore.reset()
  clearAccount('eip155')
  connectionStore.reset()
})

describe('SIWXSignMessage', () => {
  it('names the app and the wallet, with Sign and Cancel', () => {
    configureSignIn({ siwx: siwx(true), client })
    renderView()
    expect(screen.getByText('Corner Shop needs to connect to your wallet')).toBeTruthy()
    expect(screen.getByText(/Sign this message in Portico Test Wallet/)).toBeTruthy()
    expect(screen.getByText(/Cancelling will disconnect you/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
  })

  it('does not warn of a disconnect when sign-in is optional', () => {
    configureSignIn({ siwx: siwx(false), client })
    renderView()
    expect(screen.queryByText(/Cancelling will disconnect you/)).toBeNull()
  })

  it('signs with the wallet on Sign', async () => {
    configureSignIn({ siwx: siwx(true), client })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
    expect(client.signMessage).toHaveBeenCalledWith('Sign in to Corner Shop')
  })

  it("shows 'Signature declined' when the wallet declines", async () => {
    client.signMessage.mockRejectedValueOnce(Object.assign(new Error('rejected'), { code: 4001 }))
    configureSignIn({ siwx: siwx(true), client })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Signature declined'))
  })

  it('waits for the wallet with Sign disabled', async () => {
    let answer: (signature: `0x${string}`) => void = () => undefined
    client.signMessage.mockImplementationOnce(
      () => new Promise<`0x${string}`>((resolve) => (answer = resolve)),
    )
    configureSignIn({ siwx: siwx(true), client })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() =>
      expect(
        screen.getByRole('progressbar', { name: 'Waiting for Portico Test Wallet' }),
      ).toBeTruthy(),
    )
    expect((screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement).disabled).toBe(true)
    await act(async () => answer(await signedMessage('Sign in to Corner Shop')))
    await waitFor(() => expect(siwxStore.get().status).toBe('authenticated'))
  })

  it('shows what is missing when signing cannot start', async () => {
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('SIWX is not enabled'))
  })

  it('disconnects on Cancel when sign-in is required', async () => {
    configureSignIn({ siwx: siwx(true), client })
    renderView()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(client.disconnect).toHaveBeenCalledTimes(1))
    expect(routerStore.get().view).toBe('Connect')
  })
})
