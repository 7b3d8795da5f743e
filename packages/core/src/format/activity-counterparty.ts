// The other side of an Activity row: "to 0x7099…79C8" for a send, "from 0x…" for a receive.
// The transfer's own sender or recipient where the server names it (an ERC-20 transaction goes
// to the token contract, not to the person paid), else the transaction's from and to.
import type { TransactionHistoryItem } from '../api/blockchain'
import { shortAddress } from './address'

export function activityCounterparty(transaction: TransactionHistoryItem): string | undefined {
  const { metadata, transfers } = transaction
  if (metadata.operationType === 'send') {
    const out = transfers.find((transfer) => transfer.direction === 'out')
    const to = out?.recipient ?? metadata.sentTo
    return to ? `to ${shortAddress(to)}` : undefined
  }
  if (metadata.operationType === 'receive') {
    const incoming = transfers.find((transfer) => transfer.direction === 'in')
    const from = incoming?.sender ?? metadata.sentFrom
    return from ? `from ${shortAddress(from)}` : undefined
  }
  return undefined
}
