// An address's balances on a solana chain, in the balance route's shape: SOL, then the listed
// SPL tokens it holds (Token and Token-2022 programs), with USD prices and values from the
// chain's solanaTokens entry. One JSON-RPC batch reads them: getBalance and
// getTokenAccountsByOwner (jsonParsed, which gives each account's mint, amount and decimals).
// PortfolioReader caches the answer as it does an EVM one.

import { SOL_DECIMALS, SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import type { ChainUpstream } from '../chains/chain-upstream'
import { sendJsonRpcBatch } from '../chains/json-rpc-batch'
import type { UpstreamClient } from '../chains/upstream-client'
import { UpstreamError } from '../errors'
import type { SolanaTokensConfig } from './solana-tokens-config'
import { type AddressedTokenBalance, tokenBalance } from './token-balance'

const SOL = { name: 'Solana', symbol: 'SOL', decimals: SOL_DECIMALS }

const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAxS7GCyiwAvGJHVsf4P5PhQQ',
] as const

interface ParsedTokenAccount {
  mint: string
  amount: bigint
  decimals: number
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The mint, amount and decimals of each jsonParsed token account; anything else is skipped. */
function parsedTokenAccounts(result: unknown): ParsedTokenAccount[] {
  const value = isRecord(result) ? result.value : undefined
  if (!Array.isArray(value)) throw new UpstreamError('getTokenAccountsByOwner gave no account list')
  const accounts: ParsedTokenAccount[] = []
  for (const entry of value) {
    const data = isRecord(entry) && isRecord(entry.account) ? entry.account.data : undefined
    const info = isRecord(data) && isRecord(data.parsed) ? data.parsed.info : undefined
    const amount = isRecord(info) && isRecord(info.tokenAmount) ? info.tokenAmount : undefined
    if (!isRecord(info) || !amount || typeof info.mint !== 'string') continue
    if (typeof amount.amount !== 'string' || !/^\d{1,30}$/.test(amount.amount)) continue
    if (typeof amount.decimals !== 'number') continue
    accounts.push({ mint: info.mint, amount: BigInt(amount.amount), decimals: amount.decimals })
  }
  return accounts
}

function lamportsOf(result: unknown): bigint {
  const value = isRecord(result) ? result.value : undefined
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new UpstreamError('getBalance gave no lamports')
  }
  return BigInt(value)
}

export async function readSolanaBalances(
  upstream: UpstreamClient,
  config: SolanaTokensConfig,
  chain: ChainUpstream,
  owner: string,
): Promise<AddressedTokenBalance[]> {
  const chainId = chain.caipNetworkId
  const listed = config[chainId] ?? { tokens: [] }
  const outcomes = await sendJsonRpcBatch(upstream, chain, [
    { method: 'getBalance', params: [owner, { commitment: 'confirmed' }] },
    ...TOKEN_PROGRAMS.map((programId) => ({
      method: 'getTokenAccountsByOwner',
      params: [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    })),
  ])
  const [native, ...tokenLists] = outcomes
  if (!native?.ok) throw new UpstreamError(native?.message ?? 'getBalance gave no answer')
  const held = new Map<string, { amount: bigint; decimals: number }>()
  for (const outcome of tokenLists) {
    // A cluster without Token-2022 (or one that refuses its filter) still has the Token program's.
    if (!outcome.ok) continue
    for (const account of parsedTokenAccounts(outcome.result)) {
      const sum = held.get(account.mint)
      held.set(account.mint, {
        amount: (sum?.amount ?? 0n) + account.amount,
        decimals: account.decimals,
      })
    }
  }
  const balances = [
    tokenBalance(
      chainId,
      SOLANA_NATIVE_TOKEN_ADDRESS,
      SOL,
      lamportsOf(native.result),
      listed.nativePrice,
    ),
  ]
  for (const token of listed.tokens) {
    const holding = held.get(token.mint)
    // Nothing held, or 0 decimals (the spec drops those entries).
    if (!holding || holding.amount === 0n || holding.decimals === 0) continue
    const metadata = { name: token.name, symbol: token.symbol, decimals: holding.decimals }
    balances.push(tokenBalance(chainId, token.mint, metadata, holding.amount, token.price))
  }
  return balances
}
