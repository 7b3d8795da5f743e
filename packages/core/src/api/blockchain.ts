// The Blockchain API client (spec section 7): balances, history, identity, fungible prices and
// the supported chains, from our server through http.ts.
import { parseCaipNetworkId } from '../caip'
import { PorticoError } from '../errors/porticoError'
import type { HttpClient } from './http'

/** Spec section 3, "Token balance". `address` is the token's CAIP-10 id. */
export interface TokenBalance {
  name: string
  symbol: string
  chainId: string
  address?: string
  /** USD: quantity x price; absent when the token has no price. */
  value?: number
  price?: number
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl: string
  price?: number
  /** The CAIP-10 id this entry answers. */
  address?: string
}

export interface Identity {
  name: string | null
  avatar: string | null
}

export interface SupportedChains {
  http: string[]
  ws: string[]
}

/** Spec section 3, "Transaction history item". */
export interface TransactionTransfer {
  fungible_info?: { name: string | null; symbol: string | null; icon: { url: string | null } }
  nft_info?: {
    name: string
    content: { preview: { url: string | null } }
    flags: { is_spam: boolean }
  }
  direction: string
  quantity: { numeric: string }
  value: number | null
  price: number | null
}

export interface TransactionHistoryItem {
  id: string
  metadata: {
    minedAt: string
    chain: string
    operationType: string
    status: string
    sentFrom: string
    sentTo: string
    hash?: string
  }
  transfers: TransactionTransfer[]
}

export interface HistoryPage {
  data: TransactionHistoryItem[]
  /** The cursor of the next page; null on the last one. */
  next: string | null
}

/** Spec section 5: history needs an account address. */
export class MissingAccountAddressError extends PorticoError {
  override name = 'MissingAccountAddressError'
  constructor() {
    super("Transactions can't be fetched without an accountAddress")
  }
}

/** The native coin's token address where a token address is expected (ERC-7528). */
export const NATIVE_TOKEN_ADDRESS = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

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

/** Spec section 3: entries with 0 decimals are dropped. */
export function dropZeroDecimals(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((balance) => Number(balance.quantity.decimals) !== 0)
}

/** The native coin's entry of a balance answer, if there is one. */
export function findNativeBalance(balances: readonly TokenBalance[]): TokenBalance | undefined {
  const suffix = `:${NATIVE_TOKEN_ADDRESS.toLowerCase()}`
  return balances.find((balance) => balance.address?.toLowerCase().endsWith(suffix))
}

const pathSegment = (value: string) => encodeURIComponent(value)

export function createBlockchainApi(http: HttpClient): BlockchainApi {
  return {
    async fetchBalances(address, caipNetworkId, options = {}) {
      parseCaipNetworkId(caipNetworkId)
      const answer = await http.get<{ balances?: unknown }>(
        `/v1/account/${pathSegment(address)}/balance`,
        {
          query: {
            currency: 'usd',
            chainId: caipNetworkId,
            ...(options.forceUpdate ? { forceUpdate: 'true' } : {}),
          },
          signal: options.signal,
        },
      )
      const balances = Array.isArray(answer?.balances) ? answer.balances : []
      return dropZeroDecimals(balances.filter(isTokenBalance))
    },

    async fetchHistory(address, options = {}) {
      if (!address) throw new MissingAccountAddressError()
      const answer = await http.get<Partial<HistoryPage>>(
        `/v1/account/${pathSegment(address)}/history`,
        {
          query: { cursor: options.cursor, chainId: options.chainId, onramp: options.onramp },
          signal: options.signal,
        },
      )
      return { data: Array.isArray(answer?.data) ? answer.data : [], next: answer?.next ?? null }
    },

    async fetchIdentity(address, options = {}) {
      const answer = await http.get<Partial<Identity>>(`/v1/identity/${pathSegment(address)}`, {
        query: { sender: options.sender },
        signal: options.signal,
      })
      return { name: answer?.name ?? null, avatar: answer?.avatar ?? null }
    },

    async fetchFungiblePrice(addresses, options = {}) {
      const answer = await http.post<{ fungibles?: FungiblePrice[] }>(
        '/v1/fungible/price',
        { currency: 'usd', addresses, projectId: http.projectId },
        { signal: options.signal },
      )
      return Array.isArray(answer?.fungibles) ? answer.fungibles : []
    },

    async fetchSupportedChains(options = {}) {
      const answer = await http.get<Partial<SupportedChains>>('/v1/supported-chains', {
        signal: options.signal,
      })
      return {
        http: Array.isArray(answer?.http) ? answer.http : [],
        ws: Array.isArray(answer?.ws) ? answer.ws : [],
      }
    },
  }
}
