// Activity's counterparties by name, against our real server (in a child process) for the
// names: a registered counterparty shows by its name, a nameless one by its address, and a list
// with many rows of one counterparty asks for its name once. The rows themselves are the
// history route's answer as the indexer gives it (the indexer is not run here).
import {
  addressNamesStore,
  createPorticoClient,
  historyStore,
  mainnet,
  type TransactionHistoryItem,
} from '@portico/core'
import { freshAccount, registeredName } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { startServerInChild } from '../../test/server-in-child'
import { ActivityPanel } from './activity-panel'

const server = serverPerFile(startServerInChild)
const me = freshAccount().address

const sent = (day: number, to: string): TransactionHistoryItem => ({
  id: `eip155:1:0x${String(day).padStart(64, '0')}`,
  metadata: {
    operationType: 'send',
    hash: `0x${String(day).padStart(64, '0')}`,
    minedAt: `2026-03-${String(day).padStart(2, '0')}T10:00:00Z`,
    chain: 'eip155:1',
    status: 'confirmed',
    sentFrom: me,
    sentTo: to,
  },
  transfers: [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: null } },
      direction: 'out',
      quantity: { numeric: '0.01' },
      value: null,
      price: null,
    },
  ],
})

/** History from `rows` (no card purchases); every other call goes to the real server, the reverse lookups counted. */
function serve(rows: TransactionHistoryItem[]) {
  const reverse: string[] = []
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    // The card purchases' query (onramp=coinbase) has none.
    if (url.pathname.endsWith('/history')) {
      const data = url.searchParams.get('onramp') === 'coinbase' ? [] : rows
      return Response.json({ data, next: null })
    }
    if (url.pathname.includes('/profile/reverse/'))
      reverse.push(url.pathname.split('/').at(-1) ?? '')
    return realFetch(input, init)
  })
  return reverse
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  historyStore.reset()
  addressNamesStore.reset()
})

// The server's first answers (and the keys' first signatures) take seconds on a busy machine.
describe('names in Activity', { timeout: 30_000 }, () => {
  it('shows a counterparty by its name, asked once however many rows it has', async () => {
    const friend = await registeredName(server(), 'activity')
    const stranger = freshAccount().address
    const reverse = serve([sent(5, friend.address), sent(4, stranger), sent(3, friend.address)])
    const client = createPorticoClient(
      { projectId: server().projectId, apiUrl: server().url, networks: [mainnet] },
      { storage: null },
    )
    render(
      <PorticoContext.Provider value={client}>
        <ActivityPanel address={me} network={mainnet} />
      </PorticoContext.Provider>,
    )
    const list = await screen.findByRole('list')
    await screen.findAllByText(new RegExp(`to ${friend.name}`), {}, { timeout: 15_000 })
    const rows = within(list)
      .getAllByRole('listitem')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      `Sentto ${friend.name} · Mar 50.010 ETH`,
      `Sentto ${stranger.slice(0, 6)}…${stranger.slice(-4)} · Mar 40.010 ETH`,
      `Sentto ${friend.name} · Mar 30.010 ETH`,
    ])
    // Said as one sentence with the name.
    expect(
      within(list).getByRole('link', { name: `Sent 0.010 ETH to ${friend.name}, Mar 5` }),
    ).toBeTruthy()
    expect(reverse.sort()).toEqual([friend.address, stranger].sort())
  })
})
