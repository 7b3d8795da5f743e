// The convert API client (docs/product.md#calls): swappable tokens, quotes, allowance, gas price
// and the two transactions a swap sends (the token's approval, then the swap), from our server
// through http.ts. Kept out of portico-api.ts: only the lazily loaded swap views use it, so a
// page that never opens them never loads it.

import type {
  ConvertAllowanceAnswer,
  ConvertAllowanceQuery,
  ConvertBuildApproveQuery,
  ConvertBuildTransactionBody,
  ConvertGasPriceAnswer,
  ConvertGasPriceQuery,
  ConvertQuotesAnswer,
  ConvertQuotesQuery,
  ConvertToken,
  ConvertTokensAnswer,
  ConvertTokensQuery,
  ConvertTransaction,
  ConvertTransactionAnswer,
} from '@portico/protocol/convert'
import {
  CONVERT_ALLOWANCE_PATH,
  CONVERT_BUILD_APPROVE_PATH,
  CONVERT_BUILD_TRANSACTION_PATH,
  CONVERT_GAS_PRICE_PATH,
  CONVERT_QUOTES_PATH,
  CONVERT_TOKENS_PATH,
} from '@portico/protocol/route-paths'
import { parseCaipNetworkId } from '../caip'
import { PorticoError } from '../errors/portico-error'
import type { HttpClient, RouteQuery } from './http'

export type SwapToken = ConvertToken
export type { ConvertTransaction }

/** The network's swappable tokens, and the CAIP-10 ids offered first. */
/** The router is for wallets that name what they sign; the swap views do not need it. */
export type SwapTokenList = Omit<ConvertTokensAnswer, 'router'>

/** The best quote: base-unit amounts, the price impact (percent) and the swap's gas limit. */
export interface SwapQuoteAnswer {
  fromAmount: bigint
  toAmount: bigint
  priceImpact: number | undefined
  gas: bigint | undefined
}

/** The server answered, but not with what the swap needs (no quote, no transaction). */
export class SwapAnswerError extends PorticoError {
  override name = 'SwapAnswerError'
  constructor(what: string) {
    super(`No ${what} for this swap`)
  }
}

export interface SwapQuoteRequest {
  /** Base units of `from`. */
  amount: bigint
  userAddress: string
  /** CAIP-10 ids. */
  from: string
  to: string
  /** Wei; the server's own when absent. */
  gasPrice?: bigint | undefined
}

export interface SwapBuildRequest {
  amount: bigint
  userAddress: string
  from: string
  to: string
  /** Percent. */
  slippage: number
  /** The quote the visitor accepted: the minimum received is this less the slippage. */
  toAmount: bigint
}

export interface ConvertApi {
  fetchTokens(caipNetworkId: string, options?: { signal?: AbortSignal }): Promise<SwapTokenList>
  fetchQuote(
    request: SwapQuoteRequest,
    options?: { signal?: AbortSignal },
  ): Promise<SwapQuoteAnswer>
  /** How much of the ERC-20 `tokenAddress` (CAIP-10) the router may spend for the user. */
  fetchAllowance(tokenAddress: string, userAddress: string): Promise<bigint>
  /** The network's standard gas price, wei. */
  fetchGasPrice(caipNetworkId: string): Promise<bigint>
  /** approve(router, amount) on the `from` token. */
  buildApprove(request: {
    userAddress: string
    from: string
    to: string
    amount: bigint
  }): Promise<ConvertTransaction>
  buildTransaction(request: SwapBuildRequest): Promise<ConvertTransaction>
}

/** A base-unit amount from the server (a decimal string of digits). */
function units(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^\d+$/.test(value)) throw new SwapAnswerError(what)
  return BigInt(value)
}

function transactionOf(answer: Partial<ConvertTransactionAnswer> | undefined): ConvertTransaction {
  const tx = answer?.tx
  if (!tx || typeof tx.to !== 'string' || typeof tx.data !== 'string') {
    throw new SwapAnswerError('transaction')
  }
  return tx
}

export function createConvertApi(http: HttpClient): ConvertApi {
  return {
    async fetchTokens(caipNetworkId, options = {}) {
      parseCaipNetworkId(caipNetworkId)
      const answer = await http.get<Partial<ConvertTokensAnswer>>(CONVERT_TOKENS_PATH, {
        query: { chainId: caipNetworkId } satisfies RouteQuery<ConvertTokensQuery>,
        signal: options.signal,
      })
      const ids = (list: unknown) =>
        Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []
      return {
        tokens: Array.isArray(answer?.tokens) ? answer.tokens : [],
        suggested: ids(answer?.suggested),
        popular: ids(answer?.popular),
      }
    },

    async fetchQuote(request, options = {}) {
      const answer = await http.get<Partial<ConvertQuotesAnswer>>(CONVERT_QUOTES_PATH, {
        query: {
          amount: request.amount.toString(),
          userAddress: request.userAddress,
          from: request.from,
          to: request.to,
          gasPrice: request.gasPrice?.toString(),
        } satisfies RouteQuery<ConvertQuotesQuery>,
        signal: options.signal,
      })
      const quote = Array.isArray(answer?.quotes) ? answer.quotes[0] : undefined
      return {
        fromAmount: units(quote?.fromAmount, 'quote'),
        toAmount: units(quote?.toAmount, 'quote'),
        priceImpact: typeof quote?.priceImpact === 'number' ? quote.priceImpact : undefined,
        gas: typeof quote?.gas === 'string' ? units(quote.gas, 'quote') : undefined,
      }
    },

    async fetchAllowance(tokenAddress, userAddress) {
      const answer = await http.get<Partial<ConvertAllowanceAnswer>>(CONVERT_ALLOWANCE_PATH, {
        query: { tokenAddress, userAddress } satisfies RouteQuery<ConvertAllowanceQuery>,
      })
      return units(answer?.allowance, 'allowance')
    },

    async fetchGasPrice(caipNetworkId) {
      parseCaipNetworkId(caipNetworkId)
      const answer = await http.get<Partial<ConvertGasPriceAnswer>>(CONVERT_GAS_PRICE_PATH, {
        query: { chainId: caipNetworkId } satisfies RouteQuery<ConvertGasPriceQuery>,
      })
      return units(answer?.standard, 'gas price')
    },

    async buildApprove(request) {
      const answer = await http.get<Partial<ConvertTransactionAnswer>>(CONVERT_BUILD_APPROVE_PATH, {
        query: {
          userAddress: request.userAddress,
          from: request.from,
          to: request.to,
          amount: request.amount.toString(),
        } satisfies RouteQuery<ConvertBuildApproveQuery>,
      })
      return transactionOf(answer)
    },

    async buildTransaction(request) {
      const answer = await http.post<Partial<ConvertTransactionAnswer>>(
        CONVERT_BUILD_TRANSACTION_PATH,
        {
          projectId: http.projectId,
          userAddress: request.userAddress,
          from: request.from,
          to: request.to,
          amount: request.amount.toString(),
          eip155: { slippage: request.slippage },
          toAmount: request.toAmount.toString(),
          // The route's fixed gas limit rather than the chain's estimate: a pool that moved
          // beyond the slippage then reverts on chain, as the quote promised, instead of the
          // server refusing to build it.
          disableEstimate: true,
        } satisfies ConvertBuildTransactionBody,
      )
      return transactionOf(answer)
    },
  }
}
