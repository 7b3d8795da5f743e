// Send with a receiver typed as a name, against our real server (a fresh database, anvil as
// chain 1, in a child process): the address the name resolves to shows under the field before
// Preview can be pressed; a name nobody registered, or a server that cannot be reached, keeps
// Preview off and says why on the field.
import {
  createPorticoClient,
  mainnet,
  networkStore,
  resetSend,
  setSendToken,
  type TokenBalance,
} from '@portico/core'
import { NAME_ZONE } from '@portico/protocol/profile-name'
import { closedPortUrl, registeredName } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PorticoContext } from '../../context'
import { startServerInChild } from '../../test/server-in-child'
import Send from './send'

const server = serverPerFile(startServerInChild)

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}

function renderSend(apiUrl = server().url) {
  const client = createPorticoClient(
    { projectId: server().projectId, apiUrl, networks: [mainnet] },
    { storage: null },
  )
  render(
    <PorticoContext.Provider value={client}>
      <Send />
    </PorticoContext.Provider>,
  )
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.1' } })
  const receiver = screen.getByLabelText('Receiver address')
  const type = (text: string) => fireEvent.change(receiver, { target: { value: text } })
  const preview = () => screen.getByRole('button', { name: /Preview send/ })
  return { receiver, type, preview }
}

beforeEach(() => {
  networkStore.set({ activeCaipNetwork: mainnet })
  setSendToken(eth)
})
afterEach(() => {
  cleanup()
  resetSend()
  networkStore.reset()
})

// The server's first answers (and the keys' first signatures) take seconds on a busy machine.
describe('Send to a name', { timeout: 30_000 }, () => {
  it('shows the address a name resolves to before Preview can be pressed', async () => {
    const friend = await registeredName(server(), 'send')
    const { receiver, type, preview } = renderSend()
    type(friend.name)
    expect(screen.getByText(`Looking up ${friend.name}…`)).toBeTruthy()
    expect(preview().hasAttribute('disabled')).toBe(true)

    expect(
      await screen.findByText(`Resolves to ${friend.address}`, {}, { timeout: 15_000 }),
    ).toBeTruthy()
    expect((receiver as HTMLInputElement).value).toBe(friend.name)
    expect(receiver.getAttribute('aria-invalid')).toBeNull()
    expect(preview().hasAttribute('disabled')).toBe(false)
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('says a name nobody registered is not, on the field, and keeps Preview off', async () => {
    const { receiver, type, preview } = renderSend()
    const name = `nobody-${Date.now().toString(36)}.${NAME_ZONE}`
    type(name)
    const reason = `Name ${name} is not registered`
    expect(
      await screen.findByText(reason, { selector: '[role="status"]' }, { timeout: 15_000 }),
    ).toBeTruthy()
    expect(receiver.getAttribute('aria-invalid')).toBe('true')
    expect(preview().hasAttribute('disabled')).toBe(true)
  })

  it("says 'Error resolving name' when the server cannot be reached", async () => {
    const { type, preview } = renderSend(await closedPortUrl())
    type(`alice.${NAME_ZONE}`)
    expect(
      await screen.findByText(
        'Error resolving name',
        { selector: '[role="status"]' },
        { timeout: 15_000 },
      ),
    ).toBeTruthy()
    expect(preview().hasAttribute('disabled')).toBe(true)
  })

  it('takes an address typed over a name as the receiver', async () => {
    const friend = await registeredName(server(), 'send')
    const { receiver, type, preview } = renderSend()
    type(friend.name)
    type(friend.address)
    expect((receiver as HTMLInputElement).value).toBe(friend.address)
    expect(screen.queryByText(/Looking up|Resolves to/)).toBeNull()
    expect(preview().hasAttribute('disabled')).toBe(false)
  })
})
