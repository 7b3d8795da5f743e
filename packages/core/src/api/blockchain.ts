// The Blockchain API client (docs/product.md#calls): balances, history, identity, fungible prices,
// the supported chains, from our server through http.ts. The shapes are the contract's
// (@portico/protocol); only their types come here, never a schema.

import type {
  FungiblePrice,
  FungiblePriceAnswer,
  FungiblePriceBody,
} from '@portico/protocol/fungible-price'
import type {
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  HistoryTransfer,
} from '@portico/protocol/history'
import type { Identity, IdentityQuery } from '@portico/protocol/identity'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import {
  ACCOUNT_BALANCE_PATH,
  ACCOUNT_HISTORY_PATH,
  FUNGIBLE_PRICE_PATH,
  IDENTITY_PATH,
  routePath,
  SUPPORTED_CHAINS_PATH,
} from '@portico/protocol/route-paths'
import { SOLANA_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/solana-address'
import type { SupportedChains } from '@portico/protocol/supported-chains'
import type {
  AccountBalanceAnswer,
  AccountBalanceQuery,
  TokenBalance,
} from '@portico/protocol/token-balance'
import { parseCaipNetworkId } from '../caip'
import { PorticoError } from '../errors/portico-error'
import type { HttpClient, RouteQuery } from './http'

export type {
  FungiblePrice,
  HistoryItem as TransactionHistoryItem,
  HistoryPage,
  HistoryTransfer as TransactionTransfer,
  Identity,
  SupportedChains,
  TokenBalance,
}

/** docs/product.md#validation: history needs an account address. */
export class MissingAccountAddressError extends PorticoError {
  override name = 'MissingAccountAddressError'
  constructor() {
    super("Transactions can't be fetched without an accountAddress")
  }
}

/** The native coin's token address where a token address is expected (ERC-7528). */
export { NATIVE_TOKEN_ADDRESS }

interface CallOptions {
  signal?: AbortSignal
}

export interface BlockchainApi {
  /** Native and token balances of `address` on the network, entries with 0 decimals dropped. */
  fetchBalances(
    address: string,
    caipNetworkId: string,
    options?: CallOptions & { forceUpdate?: boolean },
  ): Promise<TokenBalance[]>
  fetchHistory(
    address: string | undefined,
    options?: CallOptions & { cursor?: string; chainId?: string; onramp?: string },
  ): Promise<HistoryPage>
  fetchIdentity(address: string, options?: CallOptions & { sender?: string }): Promise<Identity>
  /** Names, icons and USD prices of tokens given as CAIP-10 ids. */
  fetchFungiblePrice(addresses: readonly string[], options?: CallOptions): Promise<FungiblePrice[]>
  fetchSupportedChains(options?: CallOptions): Promise<SupportedChains>
}

function isTokenBalance(value: unknown): value is TokenBalance {
  const balance = value as TokenBalance | null
  return (
    typeof balance === 'object' &&
    balance !== null &&
    typeof balance.symbol === 'string' &&
    typeof balance.quantity === 'object' &&
    balance.quantity !== null &&
    typeof balance.quantity.numeric === 'string' &&
    String(balance.quantity.decimals) !== ''
  )
}

/** docs/product.md#token-balance: entries with 0 decimals are dropped. */
export function dropZeroDecimals(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) !== 0)
}

/** The native coin's entry of a balance answer, if there is one. */
/** The network's own coin (ETH, SOL): its CAIP-10 id ends with the native token address. */
export function isNativeToken(token: Pick<TokenBalance, 'address'>): boolean {
  const address = token.address
  if (!address) return false
  // Solana's ids are case-sensitive base58: SOL is the wrapped SOL mint, as written.
  if (address.startsWith('solana:')) return address.endsWith(`:${SOLANA_NATIVE_TOKEN_ADDRESS}`)
  return address.toLowerCase().endsWith(`:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`)
}

export function findNativeBalance(balances: readonly TokenBalance[]): TokenBalance | undefined {
  return balances.find(isNativeToken)
}

export function createBlockchainApi(http: HttpClient): BlockchainApi {
  return {
    async fetchBalances(address, caipNetworkId, options = {}) {
      parseCaipNetworkId(caipNetworkId)
      const answer = await http.get<Partial<AccountBalanceAnswer>>(
        routePath(ACCOUNT_BALANCE_PATH, { address }),
        {
          query: {
            currency: 'usd',
            chainId: caipNetworkId,
            ...(options.forceUpdate ? { forceUpdate: 'true' } : {}),
          } satisfies RouteQuery<AccountBalanceQuery>,
          signal: options.signal,
        },
      )
      const balances = Array.isArray(answer?.balances) ? answer.balances : []
      return dropZeroDecimals(balances.filter(isTokenBalance))
    },

    async fetchHistory(address, options = {}) {
      if (!address) throw new MissingAccountAddressError()
      const answer = await http.get<Partial<HistoryPage>>(
        routePath(ACCOUNT_HISTORY_PATH, { account: address }),
        {
          query: {
            cursor: options.cursor,
            chainId: options.chainId,
            onramp: options.onramp,
          } satisfies RouteQuery<HistoryQuery>,
          signal: options.signal,
        },
      )
      return { data: Array.isArray(answer?.data) ? answer.data : [], next: answer?.next ?? null }
    },

    async fetchIdentity(address, options = {}) {
      const answer = await http.get<Partial<Identity>>(routePath(IDENTITY_PATH, { address }), {
        query: { sender: options.sender } satisfies RouteQuery<IdentityQuery>,
        signal: options.signal,
      })
      return { name: answer?.name ?? null, avatar: answer?.avatar ?? null }
    },

    async fetchFungiblePrice(addresses, options = {}) {
      const body: FungiblePriceBody = {
        currency: 'usd',
        addresses: [...addresses],
        projectId: http.projectId,
      }
      const answer = await http.post<Partial<FungiblePriceAnswer>>(FUNGIBLE_PRICE_PATH, body, {
        signal: options.signal,
      })
      return Array.isArray(answer?.fungibles) ? answer.fungibles : []
    },

    async fetchSupportedChains(options = {}) {
      const answer = await http.get<Partial<SupportedChains>>(SUPPORTED_CHAINS_PATH, {
        signal: options.signal,
      })
      return {
        http: Array.isArray(answer?.http) ? answer.http : [],
        ws: Array.isArray(answer?.ws) ? answer.ws : [],
      }
    },
  }
}
