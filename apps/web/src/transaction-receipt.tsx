import type { Hash } from 'viem'
import { useWaitForTransactionReceipt } from 'wagmi'

/** The host panel's "Confirmed in block" line, for a transaction it has sent. */
export default function TransactionReceipt({ hash }: { hash: Hash }) {
  const receipt = useWaitForTransactionReceipt({ hash })
  return receipt.data ? (
    <p data-testid="host-receipt">Confirmed in block {String(receipt.data.blockNumber)}</p>
  ) : null
}
