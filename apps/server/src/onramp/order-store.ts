// Orders in the database. Every change of state is one conditional UPDATE (`WHERE status = ...`)
// that says whether it happened: two requests racing to pay an order (a replayed form, a double
// click) find exactly one winner, and the loser is shown the order as it is.
import type { OnrampOrder, OnrampOrderStatus } from '@portico/protocol/onramp'
import type { Database } from '../db/database'
import { formatCents } from './onramp-catalog'
import type { ComputedQuote } from './onramp-quote'

export interface OrderRow {
  id: string
  project_id: string
  provider: string
  partner_user_id: string
  chain_id: bigint
  destination: string
  purchase_currency: string
  payment_currency: string
  preset_fiat_cents: bigint | null
  status: OnrampOrderStatus
  payment_method: string | null
  total_cents: bigint | null
  fee_cents: bigint | null
  network_fee_cents: bigint | null
  purchase_base_units: string | null
  purchase_amount: string | null
  message: string | null
  raw_transaction: string | null
  tx_hash: string | null
  paid_at: Date | null
}

const COLUMNS = `id, project_id, provider, partner_user_id, chain_id,
  '0x' || encode(destination, 'hex') AS destination, purchase_currency, payment_currency,
  preset_fiat_cents, status, payment_method, total_cents, fee_cents, network_fee_cents,
  purchase_base_units::text AS purchase_base_units, purchase_amount, message, raw_transaction,
  tx_hash, paid_at`

export interface NewOrder {
  id: string
  projectId: string
  provider: string
  partnerUserId: string
  chainId: number
  /** Lowercase 0x-hex. */
  destination: string
  purchaseCurrency: string
  paymentCurrency: string
  presetFiatCents: bigint | null
}

export class OrderStore {
  constructor(readonly db: Database) {}

  async create(order: NewOrder): Promise<void> {
    await this.db.query(
      `INSERT INTO onramp_orders (id, project_id, provider, partner_user_id, chain_id, destination,
         purchase_currency, payment_currency, preset_fiat_cents, status)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'hex'), $7, $8, $9, 'created')`,
      [
        order.id,
        order.projectId,
        order.provider,
        order.partnerUserId,
        order.chainId,
        order.destination.slice(2),
        order.purchaseCurrency,
        order.paymentCurrency,
        order.presetFiatCents,
      ],
    )
  }

  async get(id: string): Promise<OrderRow | undefined> {
    const result = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM onramp_orders WHERE id = $1`,
      [id],
    )
    return result.rows[0]
  }

  /** The buyer paid (or, for `awaiting_confirmation`, must still confirm) this quote. */
  async takePayment(
    id: string,
    to: 'charged' | 'awaiting_confirmation',
    paymentCurrency: string,
    quote: ComputedQuote,
  ): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = $2, payment_method = 'card', payment_currency = $3,
         total_cents = $4, fee_cents = $5, network_fee_cents = $6, purchase_base_units = $7,
         purchase_amount = $8, updated_at = now()
       WHERE id = $1 AND status = 'created'`,
      [
        id,
        to,
        paymentCurrency,
        quote.totalCents,
        quote.feeCents,
        quote.networkFeeCents,
        quote.purchaseBaseUnits.toString(),
        quote.purchaseAmount,
      ],
    )
    return result.rowCount === 1
  }

  /** The 3-D Secure step was confirmed. */
  async confirm(id: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'charged', updated_at = now()
       WHERE id = $1 AND status = 'awaiting_confirmation'`,
      [id],
    )
    return result.rowCount === 1
  }

  async decline(id: string, message: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'declined', message = $2, updated_at = now()
       WHERE id = $1 AND status IN ('created', 'awaiting_confirmation')`,
      [id, message],
    )
    return result.rowCount === 1
  }

  /** The payout is signed: stored before it is broadcast. From `charged`, or a re-signing. */
  async recordPayout(
    id: string,
    from: { status: 'charged' } | { status: 'paying'; txHash: string },
    rawTransaction: string,
    txHash: string,
  ): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'paying', raw_transaction = $3, tx_hash = $4,
         updated_at = now()
       WHERE id = $1 AND status = $2 AND ($5::text IS NULL OR tx_hash = $5)`,
      [id, from.status, rawTransaction, txHash, from.status === 'paying' ? from.txHash : null],
    )
    return result.rowCount === 1
  }

  async markPaid(id: string, txHash: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'paid', paid_at = now(), updated_at = now()
       WHERE id = $1 AND status = 'paying' AND tx_hash = $2`,
      [id, txHash],
    )
    return result.rowCount === 1
  }

  async failPayout(id: string, txHash: string, message: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'failed', message = $3, updated_at = now()
       WHERE id = $1 AND status = 'paying' AND tx_hash = $2`,
      [id, txHash, message],
    )
    return result.rowCount === 1
  }

  /** The chain refuses the transfer before any was signed (the destination takes no coins). */
  async failCharged(id: string, message: string): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE onramp_orders SET status = 'failed', message = $2, updated_at = now()
       WHERE id = $1 AND status = 'charged'`,
      [id, message],
    )
    return result.rowCount === 1
  }

  /** Orders a payout is owed for: paid by the buyer, coins not yet confirmed on chain. */
  async unfinished(): Promise<OrderRow[]> {
    const result = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM onramp_orders WHERE status IN ('charged', 'paying') ORDER BY created_at`,
    )
    return result.rows
  }

  /** An address's paid purchases, newest first (the history's `onramp` page). */
  async paidTo(
    destination: string,
    chainId: number | undefined,
    limit: number,
  ): Promise<OrderRow[]> {
    const result = await this.db.query<OrderRow>(
      `SELECT ${COLUMNS} FROM onramp_orders
       WHERE destination = decode($1, 'hex') AND status = 'paid'
         AND ($2::int8 IS NULL OR chain_id = $2)
       ORDER BY paid_at DESC, id LIMIT $3`,
      [destination.slice(2), chainId ?? null, limit],
    )
    return result.rows
  }
}

export function toOrderAnswer(row: OrderRow, symbol: string): OnrampOrder {
  const paid = row.total_cents !== null && row.purchase_amount !== null
  return {
    orderId: row.id,
    status: row.status,
    provider: row.provider,
    chain: `eip155:${row.chain_id}`,
    destination: row.destination,
    paymentTotal: paid
      ? { amount: formatCents(row.total_cents as bigint), currency: row.payment_currency }
      : null,
    purchaseAmount: paid ? { amount: row.purchase_amount as string, currency: symbol } : null,
    txHash: row.tx_hash,
    message: row.message,
  }
}
