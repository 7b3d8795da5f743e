// One transaction in plain words: a native transfer, an ERC-20 transfer or approval, a swap
// through our Uniswap V2 router, or a call to a contract the frame does not know. Only what is
// known is decoded (the server's token list and router, chain-catalog.ts); anything else says
// plainly that it is unknown and leaves the raw data to the confirm's Details.
import { type Hex, hexToBigInt, maxUint256 } from 'viem'
import { addressAt, addressListAt, readCalldata, uintAt } from './calldata-reader'
import type { ChainKnowledge, KnownToken } from './chain-catalog'
import { plainAmount, shortAddress } from './plain-amount'

export interface DetailRow {
  label: string
  value: string
}

export interface CallSummary {
  /** One sentence: "Swap 0.005 ETH for at least 14.803611 USDC". */
  sentence: string
  rows: DetailRow[]
  warnings: string[]
}

export interface PlainCall {
  to?: string
  value?: string
  data?: string
}

export interface DecodeContext {
  /** This wallet's address. */
  account: string
  /** The network's name and native coin, from the protocol's table (or "Chain N", "ETH"). */
  networkName: string
  nativeSymbol: string
  nativeDecimals: number
  known: ChainKnowledge
}

/**
 * At or above this an allowance is unlimited in effect: max uint256 is what dapps send, and
 * no token supply comes near 2^255.
 */
export const UNLIMITED = maxUint256 >> 1n

export const ROUTER_NAME = 'Uniswap V2 router'

export function nameOf(address: string, context: DecodeContext): string | undefined {
  const key = address.toLowerCase()
  if (key === context.known.router) return ROUTER_NAME
  return context.known.tokens.get(key)?.symbol
}

/** "Uniswap V2 router (0xb19b…f431)", "USDC (0x8ce3…B7af)" or the bare address. */
export function named(address: string, context: DecodeContext): string {
  const name = nameOf(address, context)
  return name ? `${name} (${shortAddress(address)})` : address
}

function unknownContract(address: string): string {
  return `The contract ${address} is not one this wallet knows. Approve only if you trust the page that asks and know what this call does.`
}

function native(value: bigint, context: DecodeContext): string {
  return `${plainAmount(value, context.nativeDecimals)} ${context.nativeSymbol}`
}

export function tokenAmount(value: bigint, token: KnownToken): string {
  return `${plainAmount(value, token.decimals)} ${token.symbol}`
}

function weiOf(call: PlainCall): bigint {
  return call.value === undefined ? 0n : hexToBigInt(call.value as Hex)
}

function decodeToken(
  call: PlainCall & { to: string; data: Hex },
  token: KnownToken,
  context: DecodeContext,
) {
  const decoded = readCalldata(call.data)
  if (decoded?.name !== 'transfer' && decoded?.name !== 'approve') return undefined
  const other = addressAt(decoded, 0)
  const amount = uintAt(decoded, 1)
  if (!other || amount === undefined || decoded.words.length !== 2) return undefined
  const rows: DetailRow[] = [{ label: 'Token', value: named(call.to, context) }]
  if (decoded.name === 'transfer') {
    return {
      sentence: `Send ${tokenAmount(amount, token)} to ${shortAddress(other)}`,
      rows: [{ label: 'To', value: other }, ...rows],
      warnings: [],
    }
  }
  return {
    ...allowance(other, amount, token, context),
    rows: [{ label: 'Spender', value: named(other, context) }, ...rows],
  }
}

/** An allowance (ERC-20 approve, EIP-2612 permit) in words, warning on the unlimited and the unknown. */
export function allowance(
  spenderAddress: string,
  amount: bigint,
  token: KnownToken,
  context: DecodeContext,
) {
  const spender = nameOf(spenderAddress, context) ?? shortAddress(spenderAddress)
  const warnings: string[] = []
  if (!nameOf(spenderAddress, context)) {
    warnings.push(
      `${spenderAddress} is not a contract this wallet knows: it could take the ${token.symbol} you allow.`,
    )
  }
  if (amount >= UNLIMITED) {
    warnings.push(
      `Unlimited approval: ${spender} could take all your ${token.symbol}, now and later, until you revoke it.`,
    )
    return { sentence: `Allow ${spender} to spend all your ${token.symbol}`, warnings }
  }
  if (amount === 0n)
    return { sentence: `Revoke ${spender}'s allowance of ${token.symbol}`, warnings }
  return { sentence: `Allow ${spender} to spend ${tokenAmount(amount, token)}`, warnings }
}

function decodeSwap(call: PlainCall & { to: string; data: Hex }, context: DecodeContext) {
  const decoded = readCalldata(call.data)
  if (!decoded?.name.startsWith('swap')) return undefined
  // swapExactETHForTokens(amountOutMin, path, to, deadline); the two others take amountIn first.
  const fromEth = decoded.name === 'swapExactETHForTokens'
  const first = fromEth ? -1 : 0
  const amountIn = fromEth ? weiOf(call) : uintAt(decoded, 0)
  const minimum = uintAt(decoded, first + 1)
  const route = addressListAt(decoded, first + 2)
  const to = addressAt(decoded, first + 3)
  if (amountIn === undefined || minimum === undefined || !route || !to) return undefined
  const input = context.known.tokens.get(route[0]?.toLowerCase() ?? '')
  const output = context.known.tokens.get(route.at(-1)?.toLowerCase() ?? '')
  const paid = fromEth ? native(amountIn, context) : input && tokenAmount(amountIn, input)
  const received =
    decoded.name === 'swapExactTokensForETH'
      ? native(minimum, context)
      : output && tokenAmount(minimum, output)
  // A path through tokens the server does not list: the swap cannot be put in words.
  if (!paid || !received) return undefined
  const rows: DetailRow[] = [
    { label: 'You pay', value: paid },
    { label: 'You receive at least', value: received },
    { label: 'Contract', value: named(call.to, context) },
  ]
  const warnings: string[] = []
  if (to.toLowerCase() !== context.account.toLowerCase()) {
    rows.splice(2, 0, { label: 'Recipient', value: to })
    warnings.push(`What you receive goes to ${to}, not to this wallet.`)
  }
  return { sentence: `Swap ${paid} for at least ${received}`, rows, warnings }
}

/** The call in plain words, as far as it is known. */
export function decodeCall(call: PlainCall, context: DecodeContext): CallSummary {
  const value = weiOf(call)
  const data = call.data && call.data !== '0x' ? (call.data as Hex) : undefined
  if (call.to === undefined) {
    return {
      sentence: 'Create a contract',
      rows: value > 0n ? [{ label: 'Amount', value: native(value, context) }] : [],
      warnings: ['This deploys new contract code. Approve only if you trust the page that asks.'],
    }
  }
  const to = call.to
  if (!data) {
    return {
      sentence: `Send ${native(value, context)} to ${shortAddress(to)}`,
      rows: [
        { label: 'To', value: to },
        { label: 'Amount', value: native(value, context) },
      ],
      warnings: [],
    }
  }
  const key = to.toLowerCase()
  const token = context.known.tokens.get(key)
  const known =
    (token && value === 0n && decodeToken({ ...call, to, data }, token, context)) ||
    (key === context.known.router && decodeSwap({ ...call, to, data }, context))
  if (known) return known
  const rows: DetailRow[] = [{ label: 'Contract', value: named(to, context) }]
  if (value > 0n) rows.push({ label: 'Amount', value: native(value, context) })
  return {
    sentence:
      token || key === context.known.router
        ? `Call ${nameOf(to, context)}`
        : 'Call an unknown contract',
    rows,
    warnings: token || key === context.known.router ? [] : [unknownContract(to)],
  }
}
