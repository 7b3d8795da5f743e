// The convert (swap) routes of the Blockchain API (docs/product.md#calls), in the shapes the
// peers' clients read. Amounts are base units as decimal strings (1 USDC is "1000000"). Tokens
// are CAIP-10 ids (`eip155:1:0x...`); the native coin is `<caip2>:0xeeee...eeee`, read in any
// case and answered in lower case (CONVERT_NATIVE_TOKEN_ADDRESS). Slippage is a percent, 1 by
// default (DEFAULT_SLIPPAGE_PERCENT): these, and minimumToAmount, are in ./convert-slippage,
// which the browser may import.
//
// Every query and body is strict: nothing coerced, an unknown property refused. A chain that
// has no swaps configured is refused with 'Network not supported for Swaps' (gas price: 'Network
// not supported for Gas Price'), code UNSUPPORTED_NETWORK, status 400.
import { type Static, Type } from 'typebox'
import { MAX_SLIPPAGE_PERCENT } from './convert-slippage'
import { SdkQuery } from './sdk-query'

/** A positive amount in base units: up to uint256's 78 digits, no sign, no leading zero. */
export const POSITIVE_BASE_UNITS_PATTERN = '^[1-9][0-9]{0,77}$'
/** Zero or more, as answers carry them. */
export const BASE_UNITS_PATTERN = '^(0|[1-9][0-9]{0,77})$'

const PositiveBaseUnits = Type.String({ pattern: POSITIVE_BASE_UNITS_PATTERN })
const BaseUnits = Type.String({ pattern: BASE_UNITS_PATTERN })
/** A CAIP-10 id; the route checks its grammar itself to answer the spec's message. */
const Caip10 = Type.String({ maxLength: 200 })
/** A CAIP-10 account id or a bare 0x address (on the chain the tokens name). */
const UserAddress = Type.String({ maxLength: 200 })
const ChainId = Type.String({ maxLength: 64 })

const strict = { additionalProperties: false } as const

// GET /v1/convert/tokens?chainId=eip155:1
export const ConvertTokensQuery = Type.Object({ ...SdkQuery.properties, chainId: ChainId }, strict)
export type ConvertTokensQuery = Static<typeof ConvertTokensQuery>

export const ConvertToken = Type.Object({
  name: Type.String(),
  symbol: Type.String(),
  /** CAIP-10; the native coin's ends in 0xeeee...eeee. */
  address: Type.String(),
  decimals: Type.Integer({ minimum: 0, maximum: 255 }),
  logoUri: Type.String(),
})
export type ConvertToken = Static<typeof ConvertToken>

export const ConvertTokensAnswer = Type.Object({
  tokens: Type.Array(ConvertToken),
  /** Ours: CAIP-10 ids (each among `tokens`) the swap view offers first. */
  suggested: Type.Array(Type.String()),
  /** Ours: CAIP-10 ids (each among `tokens`) the token picker lists as popular. */
  popular: Type.Array(Type.String()),
  /**
   * Ours: CAIP-10 id of the router swaps and approvals go to, so a wallet (our embedded
   * wallet's confirm) can name the contract it is asked to call.
   */
  router: Type.String(),
})
export type ConvertTokensAnswer = Static<typeof ConvertTokensAnswer>

// GET /v1/convert/quotes?amount&userAddress&from&to&gasPrice
export const ConvertQuotesQuery = Type.Object(
  {
    ...SdkQuery.properties,
    /** What the user pays, in base units of `from`. */
    amount: PositiveBaseUnits,
    userAddress: UserAddress,
    from: Caip10,
    to: Caip10,
    /** Wei; accepted as the peers send it, not used (gas-price answers the fee). */
    gasPrice: Type.Optional(BaseUnits),
  },
  strict,
)
export type ConvertQuotesQuery = Static<typeof ConvertQuotesQuery>

export const ConvertQuote = Type.Object({
  /** Names the route: `uniswap-v2:` and the path's addresses joined by `>`. */
  id: Type.String(),
  fromAmount: BaseUnits,
  /** The `from` token's CAIP-10 id. */
  fromAccount: Type.String(),
  /** What the pools pay now for fromAmount, exactly as the router computes it. */
  toAmount: BaseUnits,
  /** The `to` token's CAIP-10 id. */
  toAccount: Type.String(),
  /**
   * Ours: percent by which this trade's price is worse than the pools' mid price, the 0.3 %
   * pool fee of each hop included (0.35 means 0.35 %).
   */
  priceImpact: Type.Number({ minimum: 0, maximum: 100 }),
  /** Ours: the route as the router takes it (0x addresses, the wrapped coin for ETH). */
  path: Type.Array(Type.String(), { minItems: 2 }),
  /** Ours: the gas limit the swap transaction is built with (wei per gas x this = fee). */
  gas: BaseUnits,
})
export type ConvertQuote = Static<typeof ConvertQuote>

/** One quote today; an empty list never: no route is a 400 (NO_ROUTE). */
export const ConvertQuotesAnswer = Type.Object({ quotes: Type.Array(ConvertQuote) })
export type ConvertQuotesAnswer = Static<typeof ConvertQuotesAnswer>

// GET /v1/convert/allowance?tokenAddress&userAddress
export const ConvertAllowanceQuery = Type.Object(
  { ...SdkQuery.properties, tokenAddress: Caip10, userAddress: UserAddress },
  strict,
)
export type ConvertAllowanceQuery = Static<typeof ConvertAllowanceQuery>

/** What the swap router may take of the user's token, base units; the native coin: max uint256. */
export const ConvertAllowanceAnswer = Type.Object({ allowance: BaseUnits })
export type ConvertAllowanceAnswer = Static<typeof ConvertAllowanceAnswer>

// GET /v1/convert/gas-price?chainId
export const ConvertGasPriceQuery = Type.Object(
  { ...SdkQuery.properties, chainId: ChainId },
  strict,
)
export type ConvertGasPriceQuery = Static<typeof ConvertGasPriceQuery>

/** Wei per gas, decimal strings: the chain's price, and ours +25 % and +50 % over it. */
export const ConvertGasPriceAnswer = Type.Object({
  standard: BaseUnits,
  fast: BaseUnits,
  instant: BaseUnits,
})
export type ConvertGasPriceAnswer = Static<typeof ConvertGasPriceAnswer>

/**
 * A transaction to sign and send as it is. `from` is the user and `to` the contract to call
 * (the router for a swap, the token for an approve), both CAIP-10; `amount` is the value in
 * wei ("0" unless the swap pays native ETH in); `eip155.gas` the gas limit and
 * `eip155.gasPrice` wei per gas, decimal strings.
 */
export const ConvertTransaction = Type.Object({
  from: Type.String(),
  to: Type.String(),
  data: Type.String({ pattern: '^0x([0-9a-f]{2})*$' }),
  amount: BaseUnits,
  eip155: Type.Object({ gas: BaseUnits, gasPrice: BaseUnits }),
})
export type ConvertTransaction = Static<typeof ConvertTransaction>

/** What build-transaction and build-approve both answer. */
export const ConvertTransactionAnswer = Type.Object({ tx: ConvertTransaction })
export type ConvertTransactionAnswer = Static<typeof ConvertTransactionAnswer>

// POST /v1/convert/build-transaction
export const ConvertBuildTransactionBody = Type.Object(
  {
    amount: PositiveBaseUnits,
    /** Percent as a JSON number (1, not "1"), 0 to MAX_SLIPPAGE_PERCENT; 1 when absent. */
    eip155: Type.Optional(
      Type.Object(
        { slippage: Type.Optional(Type.Number({ minimum: 0, maximum: MAX_SLIPPAGE_PERCENT })) },
        strict,
      ),
    ),
    projectId: Type.String({ maxLength: 64 }),
    from: Caip10,
    to: Caip10,
    userAddress: UserAddress,
    /**
     * Ours: the quote's toAmount the user accepted. amountOutMin is then this less the slippage,
     * so a pool that moved beyond the slippage since the quote makes the swap revert; absent,
     * the pools are read again and their toAmount is used. One that, less the slippage, is
     * below what the pools pay now less MAX_SLIPPAGE_PERCENT is refused (400 TO_AMOUNT_TOO_LOW).
     */
    toAmount: Type.Optional(PositiveBaseUnits),
    /**
     * true: the gas limit is our fixed figure for the route (quote.gas). false or absent: the
     * chain estimates it (+20 %), and a swap that would revert now is refused (400
     * SWAP_WOULD_REVERT, with the chain's reason).
     */
    disableEstimate: Type.Optional(Type.Boolean()),
  },
  strict,
)
export type ConvertBuildTransactionBody = Static<typeof ConvertBuildTransactionBody>

/**
 * swapExactETHForTokens / swapExactTokensForETH / swapExactTokensForTokens on the chain's
 * Uniswap V2 router, amountOutMin at the slippage, deadline 20 minutes, proceeds to the user.
 */
export const ConvertBuildTransactionAnswer = ConvertTransactionAnswer
export type ConvertBuildTransactionAnswer = Static<typeof ConvertBuildTransactionAnswer>

// GET /v1/convert/build-approve?userAddress&from&to&amount
export const ConvertBuildApproveQuery = Type.Object(
  {
    ...SdkQuery.properties,
    userAddress: UserAddress,
    /** The token the router is allowed to take (not the native coin). */
    from: Caip10,
    to: Caip10,
    /** Base units to allow; absent: max uint256 (no further approval for this token). */
    amount: Type.Optional(PositiveBaseUnits),
  },
  strict,
)
export type ConvertBuildApproveQuery = Static<typeof ConvertBuildApproveQuery>

/** approve(router, amount) on the `from` token. */
export const ConvertBuildApproveAnswer = ConvertTransactionAnswer
export type ConvertBuildApproveAnswer = Static<typeof ConvertBuildApproveAnswer>
