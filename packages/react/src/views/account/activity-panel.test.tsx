import {
  createPorticoClient,
  historyStore,
  mainnet,
  type TransactionHistoryItem,
} from '@portico/core'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoContext } from '../../context'
import { ActivityPanel } from './activity-panel'

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const treasury = '0xa0ee7a142d267c1f36714e4a8f75612f20a79720'
const payout = `0x${'5e'.repeat(32)}`

const received = (hash: string, amount: string, minedAt: string): TransactionHistoryItem => ({
  id: `eip155:1:${hash}`,
  metadata: {
    operationType: 'receive',
    hash,
    minedAt,
    chain: 'eip155:1',
    status: 'confirmed',
    sentFrom: treasury,
    sentTo: alice,
  },
  transfers: [
    {
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: null } },
      direction: 'in',
      quantity: { numeric: amount },
      value: null,
      price: null,
    },
  ],
})

/** The history route: the indexer's page, and the paid orders for the `onramp` query. */
function serveHistory(indexed: TransactionHistoryItem[], orders: TransactionHistoryItem[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => {
      const url = new URL(input instanceof Request ? input.url : String(input))
      if (!url.pathname.endsWith('/history')) return Response.json({}, { status: 404 })
      const data = url.searchParams.get('onramp') === 'coinbase' ? orders : indexed
      return Response.json({ data, next: null })
    }),
  )
}

function renderPanel() {
  const client = createPorticoClient(
    { projectId: 'p1', apiUrl: 'http://api.test', networks: [mainnet] },
    { storage: null },
  )
  render(
    <PorticoContext.Provider value={client}>
      <ActivityPanel address={alice} network={mainnet} />
    </PorticoContext.Provider>,
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  historyStore.reset()
})

describe('Activity', () => {
  it('shows a card purchase once, as Bought, next to a plain receive', async () => {
    const order = received(payout, '0.03276823', '2026-03-02T10:00:01Z')
    serveHistory(
      [
        // The indexer's row of the same payout (its own time, a second earlier).
        received(payout, '0.03276823', '2026-03-02T10:00:00Z'),
        received(`0x${'77'.repeat(32)}`, '1.5', '2026-03-01T10:00:00Z'),
      ],
      [order],
    )
    renderPanel()
    const list = await screen.findByRole('list')
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'BoughtMar 20.032 ETH',
      'Receivedfrom 0xa0ee…9720 · Mar 11.500 ETH',
    ])
  })

  it('names who a send went to and who a receive came from, and says the row as one sentence', async () => {
    const friend = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const usdc = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'
    const sent: TransactionHistoryItem = {
      ...received(`0x${'88'.repeat(32)}`, '0.01', '2026-03-03T10:00:00Z'),
      metadata: {
        ...received(`0x${'88'.repeat(32)}`, '0.01', '2026-03-03T10:00:00Z').metadata,
        operationType: 'send',
        sentFrom: alice,
        // An ERC-20 transaction goes to the token contract: the transfer names the person.
        sentTo: usdc,
      },
      transfers: [
        {
          fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: null } },
          direction: 'out',
          quantity: { numeric: '10' },
          value: null,
          price: null,
          sender: alice,
          recipient: friend,
        },
      ],
    }
    serveHistory([sent, received(`0x${'99'.repeat(32)}`, '2', '2026-03-01T10:00:00Z')], [])
    renderPanel()
    const list = await screen.findByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Sentto 0x7099…79C8 · Mar 310.000 USDC',
      'Receivedfrom 0xa0ee…9720 · Mar 12.000 ETH',
    ])
    // mainnet has an explorer: each row is a link named by its sentence.
    expect(
      within(list).getByRole('link', { name: 'Sent 10.000 USDC to 0x7099…79C8, Mar 3' }),
    ).toBeTruthy()
  })

  it('shows a purchase the indexer has not listed yet', async () => {
    serveHistory([], [received(payout, '0.03276823', '2026-03-02T10:00:01Z')])
    renderPanel()
    const row = await screen.findByRole('listitem')
    expect(row.textContent).toBe('BoughtMar 20.032 ETH')
  })
})
