// The history route's `onramp` page (docs/product.md#calls: GET /v1/account/{account}/history
// with `onramp`): the account's paid card purchases, newest first, as transaction history items.
// An item's id is the payout's own (`<chain>:<hash>`), the id the indexed history gives the
// same transfer, so a list holding both shows it once.
import type { HistoryPage } from '@portico/protocol/history'
import { tokenIconPath } from '../tokens/token-icon'
import type { OnrampService } from './onramp-service'

/** Ours: purchases one page lists (the page has no cursor). */
export const ONRAMP_HISTORY_PAGE_SIZE = 50

export async function readOnrampHistory(
  onramp: OnrampService,
  request: { address: string; chainFilter: number | undefined; origin: string },
): Promise<HistoryPage> {
  const rows = await onramp.store.paidTo(
    request.address,
    request.chainFilter,
    ONRAMP_HISTORY_PAGE_SIZE,
  )
  const treasury = onramp.payouts?.address.toLowerCase() ?? ''
  return {
    data: rows.map((row) => {
      const chain = `eip155:${row.chain_id}`
      const currency = onramp.networkOfChain(row.chain_id)?.currency
      const symbol = currency?.symbol ?? row.purchase_currency
      return {
        id: `${chain}:${row.tx_hash}`,
        metadata: {
          operationType: 'receive' as const,
          hash: row.tx_hash ?? undefined,
          minedAt: (row.paid_at ?? new Date(0)).toISOString(),
          chain,
          status: 'confirmed' as const,
          sentFrom: treasury,
          sentTo: row.destination,
        },
        transfers: [
          {
            fungible_info: {
              name: currency?.name ?? symbol,
              symbol,
              icon: { url: request.origin + tokenIconPath(symbol) },
            },
            direction: 'in' as const,
            quantity: { numeric: row.purchase_amount ?? '0' },
            value: null,
            price: null,
          },
        ],
      }
    }),
    next: null,
  }
}
