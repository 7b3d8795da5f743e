// What the frame's confirm shows for a not-safe request, in plain words: one sentence of what
// happens ("Swap 0.005 ETH for at least 14.803611 USDC on Ethereum"), the few facts a person can
// judge it by (network by name, known contracts by name, the fee in the coin and in USD), plain
// warnings (an unlimited approval, an unknown contract, proceeds to someone else), and what was
// asked exactly, kept for the confirm's Details.
import { ETHER, findEvmNetworkInfo } from '@portico/protocol/evm-networks'
import { type Hex, hexToString, isHex } from 'viem'
import type { ChainCatalog, ChainKnowledge } from './chain-catalog'
import { type DecodeContext, type DetailRow, decodeCall } from './decode-call'
import { estimateNetworkFee } from './network-fee'
import { readTransaction, readTypedData } from './not-safe-actions'
import { plainAmount, plainUsd } from './plain-amount'
import type { RpcRead } from './rpc-proxy'
import { readCalls } from './send-calls'
import { describeTypedData } from './typed-data-words'

export type { DetailRow }

export interface RequestDetails {
  title: string
  rows: DetailRow[]
  warnings: string[]
  /** What was asked, as it was asked: behind the confirm's Details. */
  raw: DetailRow[]
}

export interface DescribeDeps {
  /** This wallet's address. */
  account: string
  read: RpcRead
  catalog: ChainCatalog
}

const MAX_SHOWN = 2000

export function clip(text: string): string {
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

/** The network's name and coin from the protocol's table; a chain it lacks by its id. */
export function networkOf(chainId: number) {
  const info = findEvmNetworkInfo(chainId)
  const coin = info?.nativeCurrency ?? ETHER
  return { name: info?.name ?? `Chain ${chainId}`, symbol: coin.symbol, decimals: coin.decimals }
}

function decodeContext(chainId: number, account: string, known: ChainKnowledge): DecodeContext {
  const network = networkOf(chainId)
  return {
    account,
    networkName: network.name,
    nativeSymbol: network.symbol,
    nativeDecimals: network.decimals,
    known,
  }
}

function feeText(fee: bigint, context: DecodeContext): string {
  const coins = `about ${plainAmount(fee, context.nativeDecimals)} ${context.nativeSymbol}`
  const price = context.known.nativeUsd
  if (price === undefined) return coins
  // Wei to coins as a float is fine for a fee shown in cents.
  const usd = (Number(fee) / 10 ** context.nativeDecimals) * price
  return `${coins} (${plainUsd(usd)})`
}

function rawCall(call: { to?: string; value?: string; data?: string }, prefix = ''): DetailRow[] {
  return [
    { label: `${prefix}To`, value: call.to ?? 'New contract' },
    { label: `${prefix}Value (wei)`, value: BigInt(call.value ?? '0x0').toString() },
    { label: `${prefix}Data`, value: clip(call.data ?? '0x') },
  ]
}

export async function describeRequest(
  method: string,
  params: unknown,
  chainId: number,
  deps: DescribeDeps,
): Promise<RequestDetails> {
  const network = { label: 'Network', value: networkOf(chainId).name }
  switch (method) {
    case 'personal_sign': {
      const message = Array.isArray(params) && typeof params[0] === 'string' ? params[0] : ''
      const text = readableMessage(message)
      const readable = !isHex(message) || text !== message
      return {
        title: 'Sign message',
        rows: [{ label: 'Message', value: clip(text) }],
        warnings: readable
          ? []
          : ['This message is not text but data. Sign it only if you trust the page that asks.'],
        raw: readable && isHex(message) ? [{ label: 'Message as sent', value: clip(message) }] : [],
      }
    }
    case 'eth_signTypedData_v4': {
      const { typedData } = readTypedData(params)
      const domainChain = Number((typedData.domain as { chainId?: unknown } | undefined)?.chainId)
      // Tokens and the network named are the domain's chain's, where the signature counts.
      const signedChain =
        Number.isSafeInteger(domainChain) && domainChain > 0 ? domainChain : chainId
      const known = await deps.catalog(signedChain)
      const words = describeTypedData(
        typedData,
        decodeContext(signedChain, deps.account, known),
        networkOf,
      )
      return {
        ...words,
        raw: [
          {
            label: 'Typed data',
            value: clip(
              JSON.stringify(
                {
                  domain: typedData.domain,
                  primaryType: typedData.primaryType,
                  message: typedData.message,
                },
                (_key, value) => (typeof value === 'bigint' ? value.toString() : value),
                2,
              ),
            ),
          },
        ],
      }
    }
    case 'eth_sendTransaction': {
      const transaction = readTransaction(params, chainId)
      const [known, fee] = await Promise.all([
        deps.catalog(chainId, { price: true }),
        estimateNetworkFee(chainId, deps.account, transaction, deps.read),
      ])
      const context = decodeContext(chainId, deps.account, known)
      const summary = decodeCall(transaction, context)
      return {
        title: `${summary.sentence} on ${context.networkName}`,
        rows: [
          ...summary.rows,
          network,
          ...(fee === undefined ? [] : [{ label: 'Network fee', value: feeText(fee, context) }]),
        ],
        warnings: summary.warnings,
        raw: rawCall(transaction),
      }
    }
    case 'wallet_sendCalls': {
      const { calls } = readCalls(params, chainId)
      const context = decodeContext(chainId, deps.account, await deps.catalog(chainId))
      const summaries = calls.map((call) => decodeCall(call, context))
      return {
        title: `${calls.length} transactions on ${context.networkName}, one after the other`,
        rows: [
          ...summaries.map((summary, index) => ({
            label: `${index + 1}.`,
            value: summary.sentence,
          })),
          network,
        ],
        warnings: [...new Set(summaries.flatMap((summary) => summary.warnings))],
        raw: calls.flatMap((call, index) => rawCall(call, `${index + 1}. `)),
      }
    }
    default:
      return {
        title: method,
        rows: [network],
        warnings: [],
        raw: [{ label: 'Request', value: clip(JSON.stringify(params ?? [])) }],
      }
  }
}
