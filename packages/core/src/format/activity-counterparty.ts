// The other side of an Activity row: "to 0x7099…79C8" for a send, "from 0x…" for a receive, or
// the counterparty's name when it has one ("to alice.portico.id"). The transfer's own sender or
// recipient where the server names it (an ERC-20 transaction goes to the token contract, not to
// the person paid), else the transaction's from and to.
import type { TransactionHistoryItem } from '../api/blockchain'
import { shortAddress } from './address'

/** Whom the row's value went to or came from, or undefined for other operations. */
export function activityCounterpartyAddress(
  transaction: TransactionHistoryItem,
): { direction: 'to' | 'from'; address: string } | undefined {
  const { metadata, transfers } = transaction
  if (metadata.operationType === 'send') {
    const out = transfers.find((transfer) => transfer.direction === 'out')
    const address = out?.recipient ?? metadata.sentTo
    return address ? { direction: 'to', address } : undefined
  }
  if (metadata.operationType === 'receive') {
    const incoming = transfers.find((transfer) => transfer.direction === 'in')
    const address = incoming?.sender ?? metadata.sentFrom
    return address ? { direction: 'from', address } : undefined
  }
  return undefined
}

/** The row's counterparty in words; `nameOf` gives an address's name when it has one. */
export function activityCounterparty(
  transaction: TransactionHistoryItem,
  nameOf: (address: string) => string | undefined = () => undefined,
): string | undefined {
  const counterparty = activityCounterpartyAddress(transaction)
  if (!counterparty) return undefined
  const { direction, address } = counterparty
  return `${direction} ${nameOf(address) ?? shortAddress(address)}`
}
