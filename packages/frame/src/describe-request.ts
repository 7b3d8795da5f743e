// What the frame's confirm shows for a not-safe request: the method and the few details a
// person can judge it by (the message as text, the recipient and amount, the chain).
import { formatEther, type Hex, hexToBigInt, hexToString, isHex } from 'viem'
import { readTransaction, readTypedData } from './not-safe-actions'
import { readCalls } from './send-calls'

export interface RequestDetails {
  title: string
  rows: { label: string; value: string }[]
}

const MAX_SHOWN = 2000

function clip(text: string): string {
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}…` : text
}

/** Hex of printable UTF-8 reads as text; anything else stays hex. */
export function readableMessage(message: string): string {
  if (!isHex(message)) return message
  try {
    const text = hexToString(message as Hex)
    // Control characters other than tab and line ends mean bytes, not text.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: that is the point of the check
    if (!/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/.test(text)) return text
  } catch {
    // Not UTF-8: shown as hex below.
  }
  return message
}

function amount(value: string | undefined): string {
  return `${formatEther(value === undefined ? 0n : hexToBigInt(value as Hex))} ETH`
}

export function describeRequest(method: string, params: unknown, chainId: number): RequestDetails {
  const network = { label: 'Network', value: `eip155:${chainId}` }
  switch (method) {
    case 'personal_sign': {
      const message = Array.isArray(params) && typeof params[0] === 'string' ? params[0] : ''
      return {
        title: 'Sign message',
        rows: [{ label: 'Message', value: clip(readableMessage(message)) }],
      }
    }
    case 'eth_signTypedData_v4': {
      const { typedData } = readTypedData(params)
      const domain = (typedData.domain ?? {}) as Record<string, unknown>
      const rows = [
        { label: 'Type', value: String(typedData.primaryType) },
        { label: 'Message', value: clip(JSON.stringify(typedData.message, null, 2)) },
      ]
      if (typeof domain.name === 'string') rows.unshift({ label: 'App', value: domain.name })
      if (typeof domain.verifyingContract === 'string') {
        rows.push({ label: 'Contract', value: domain.verifyingContract })
      }
      return { title: 'Sign typed data', rows }
    }
    case 'eth_sendTransaction': {
      const transaction = readTransaction(params)
      const rows = [
        { label: 'To', value: transaction.to ?? 'New contract' },
        { label: 'Amount', value: amount(transaction.value) },
        network,
      ]
      if (transaction.data && transaction.data !== '0x') {
        rows.push({ label: 'Data', value: clip(transaction.data) })
      }
      return { title: 'Send transaction', rows }
    }
    case 'wallet_sendCalls': {
      const { calls } = readCalls(params, chainId)
      const rows = calls.flatMap((call, index) => [
        { label: `Call ${index + 1} to`, value: call.to ?? 'New contract' },
        { label: 'Amount', value: amount(call.value) },
      ])
      return { title: `Send ${calls.length} transactions`, rows: [...rows, network] }
    }
    default:
      return {
        title: method,
        rows: [network, { label: 'Request', value: clip(JSON.stringify(params ?? [])) }],
      }
  }
}
