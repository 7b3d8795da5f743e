// Typed data (EIP-712) as a person reads it: who asks to sign (the domain's app, network and
// contract, named where known), the message's fields one per row, values written out, and an
// EIP-2612 permit of a known token put in words like an ERC-20 approval, since signing one
// lets the spender take the tokens without another question.
import type { TypedDataDefinition } from 'viem'
import { allowance, type DecodeContext, type DetailRow, named } from './decode-call'

interface Words {
  title: string
  rows: DetailRow[]
  warnings: string[]
}

const MAX_DEPTH = 4

/** A field's value as text: nested objects indented, one key a line. */
function written(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return ''
  if (typeof value !== 'object') return String(value)
  if (depth >= MAX_DEPTH) return JSON.stringify(value)
  const pad = '  '.repeat(depth)
  if (Array.isArray(value)) {
    return value.map((item) => `${pad}- ${written(item, depth + 1).trimStart()}`).join('\n')
  }
  return Object.entries(value as Record<string, unknown>)
    .map(([key, item]) =>
      typeof item === 'object' && item !== null
        ? `${pad}${key}:\n${written(item, depth + 1)}`
        : `${pad}${key}: ${written(item)}`,
    )
    .join('\n')
}

function bigintOf(value: unknown): bigint | undefined {
  try {
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
      ? BigInt(value)
      : undefined
  } catch {
    return undefined
  }
}

export function describeTypedData(
  typedData: TypedDataDefinition,
  context: DecodeContext,
  networkOf: (chainId: number) => { name: string },
): Words {
  const domain = (typedData.domain ?? {}) as Record<string, unknown>
  const message = (typedData.message ?? {}) as Record<string, unknown>
  const rows: DetailRow[] = []
  if (typeof domain.name === 'string') rows.push({ label: 'App', value: domain.name })
  const chainId = bigintOf(domain.chainId)
  if (chainId !== undefined) rows.push({ label: 'Network', value: networkOf(Number(chainId)).name })
  const contract =
    typeof domain.verifyingContract === 'string' ? domain.verifyingContract : undefined
  if (contract) rows.push({ label: 'Contract', value: named(contract, context) })
  for (const [key, value] of Object.entries(message)) {
    rows.push({ label: key, value: written(value) })
  }
  const token = contract ? context.known.tokens.get(contract.toLowerCase()) : undefined
  const value = bigintOf(message.value)
  if (
    typedData.primaryType === 'Permit' &&
    token &&
    typeof message.spender === 'string' &&
    value !== undefined
  ) {
    const words = allowance(message.spender, value, token, context)
    return { title: `${words.sentence} (a permit: no transaction)`, rows, warnings: words.warnings }
  }
  const app = typeof domain.name === 'string' ? ` for ${domain.name}` : ''
  return { title: `Sign ${String(typedData.primaryType)}${app}`, rows, warnings: [] }
}
