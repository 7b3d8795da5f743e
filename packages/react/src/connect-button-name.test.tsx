// The connect button's name, against our real server (in a child process): a connected account
// with a registered name shows it on the button at once (after a reload too), without Account
// having opened.
import {
  addressNamesStore,
  cachedAddressName,
  clearAccount,
  connectionStore,
  mainnet,
  updateAccount,
} from '@portico/core'
import { freshAccount, registeredName } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ConnectButton } from './connect-button'
import { createPortico } from './create-portico'
import { PorticoProvider } from './portico-provider'
import { startServerInChild } from './test/server-in-child'

const server = serverPerFile(startServerInChild)

function renderConnected(address: string) {
  const portico = createPortico({
    projectId: server().projectId,
    apiUrl: server().url,
    networks: [mainnet],
  })
  render(
    <PorticoProvider portico={portico}>
      <ConnectButton hideBalance />
    </PorticoProvider>,
  )
  act(() => {
    connectionStore.set({ status: 'connected' })
    updateAccount('eip155', { address })
  })
}

afterEach(() => {
  cleanup()
  clearAccount('eip155')
  connectionStore.reset()
  addressNamesStore.reset()
})

// The server's first answers (and the keys' first signatures) take seconds on a busy machine.
describe('the connect button’s name', { timeout: 30_000 }, () => {
  it('shows the connected account’s registered name without Account opening', async () => {
    const me = await registeredName(server(), 'button')
    renderConnected(me.address)
    expect(await screen.findByRole('button', { name: me.name }, { timeout: 10_000 })).toBeTruthy()
  })

  it('keeps the short address for an account without a name', async () => {
    const address = freshAccount().address
    renderConnected(address)
    const short = `${address.slice(0, 6)}…${address.slice(-4)}`
    expect(screen.getByRole('button', { name: short })).toBeTruthy()
    // Once the lookup has answered "no name": still the address.
    await waitFor(() => expect(cachedAddressName(address)).toBeDefined(), { timeout: 10_000 })
    expect(screen.getByRole('button', { name: short })).toBeTruthy()
  })
})
