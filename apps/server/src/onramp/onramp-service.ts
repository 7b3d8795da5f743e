// What the onramp routes and the sandbox checkout share: the networks coins are sold on, quotes,
// orders and the treasury's payouts.
import { randomBytes } from 'node:crypto'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import type { OnrampPaymentMethod, OnrampQuoteBody, OnrampUrlBody } from '@portico/protocol/onramp'
import type { FastifyBaseLogger } from 'fastify'
import { enforceRateLimit } from '../http/rate-limit'
import type { ServerContext } from '../server-context'
import { networkEntriesOf, type OnrampNetworkEntry } from './onramp-catalog'
import type { OnrampPaymentCurrencyId } from './onramp-constants'
import {
  InvalidDestinationError,
  OnrampUnavailableError,
  UnknownOnrampNetworkError,
  UnknownPurchaseCurrencyError,
} from './onramp-errors'
import {
  type ComputedQuote,
  checkLimits,
  computeQuote,
  type OnrampProviderEntry,
  parseCents,
  paymentCurrencyOf,
  providerOf,
  type QuoteInput,
  totalCentsFor,
} from './onramp-quote'
import { OrderStore } from './order-store'
import { PayoutWorker } from './treasury-payout'

/** Who starts an order: the project and the client (its address key, http/client-address.ts), each with its own rate limit. */
export interface OrderAsker {
  projectId: string
  client: string
}

export class OnrampService {
  readonly networks: OnrampNetworkEntry[]
  readonly store: OrderStore
  /** The sandbox's treasury payouts; undefined when the sandbox is off (no order starts). */
  readonly payouts: PayoutWorker | undefined

  constructor(
    readonly context: ServerContext,
    log: FastifyBaseLogger,
  ) {
    this.networks = networkEntriesOf(context.config)
    this.store = new OrderStore(context.db)
    const sandbox = context.config.onramp.sandbox
    this.payouts = sandbox
      ? new PayoutWorker(context, this.store, sandbox.treasuryKey, log)
      : undefined
  }

  network(name: string): OnrampNetworkEntry {
    const entry = this.networks.find((network) => network.name === name)
    if (!entry) throw new UnknownOnrampNetworkError(name)
    return entry
  }

  networkOfChain(chainId: bigint): OnrampNetworkEntry | undefined {
    return this.networks.find((network) => network.chain === `eip155:${chainId}`)
  }

  quoteInput(body: OnrampQuoteBody): QuoteInput {
    const network = this.network(body.network)
    if (body.purchaseCurrency !== network.currency.id) {
      throw new UnknownPurchaseCurrencyError(body.purchaseCurrency, network.name)
    }
    return {
      network,
      paymentCurrency: paymentCurrencyOf(body.paymentCurrency),
      totalCents: parseCents(body.amount),
      method: (body.paymentMethod ?? 'card') as OnrampPaymentMethod,
      provider: providerOf(body.provider),
    }
  }

  quote(input: QuoteInput): Promise<ComputedQuote> {
    return computeQuote(this.context.prices, input)
  }

  /**
   * Starts an order for the URL's buyer; nothing is stored unless everything checks out. Every
   * try counts against the asker's limits (429 RATE_LIMITED past them), refused ones too.
   */
  async createOrder(asker: OrderAsker, body: OnrampUrlBody): Promise<string> {
    if (!this.payouts) throw new OnrampUnavailableError()
    const { rateLimiter, config } = this.context
    const limits = config.onramp.orderLimits
    await enforceRateLimit(rateLimiter, `onramp-order-ip:${asker.client}`, limits.perIp)
    await enforceRateLimit(
      rateLimiter,
      `onramp-order-project:${asker.projectId}`,
      limits.perProject,
    )
    const { projectId } = asker
    const network = this.network(body.defaultNetwork)
    const provider: OnrampProviderEntry = providerOf(body.provider)
    const purchaseCurrency = body.purchaseCurrency ?? network.currency.id
    if (purchaseCurrency !== network.currency.id) {
      throw new UnknownPurchaseCurrencyError(purchaseCurrency, network.name)
    }
    const paymentCurrency: OnrampPaymentCurrencyId = paymentCurrencyOf(
      body.paymentCurrency ?? 'USD',
    )
    const wallet = body.destinationWallets.find(
      (candidate) =>
        (candidate.blockchains === undefined || candidate.blockchains.includes(network.name)) &&
        (candidate.assets === undefined || candidate.assets.includes(purchaseCurrency)),
    )
    if (!wallet || !isEvmAddressShape(wallet.address)) {
      throw new InvalidDestinationError(network.name)
    }
    const presetFiatCents = await this.#presetCents(body, {
      network,
      paymentCurrency,
      method: 'card',
      provider,
    })
    const id = randomBytes(16).toString('hex')
    await this.store.create({
      id,
      projectId,
      provider: provider.id,
      partnerUserId: body.partnerUserId,
      chainId: Number(network.chain.slice('eip155:'.length)),
      destination: wallet.address.toLowerCase(),
      purchaseCurrency,
      paymentCurrency,
      presetFiatCents,
    })
    return id
  }

  /**
   * The checkout's amount: what buys presetCryptoAmount at today's quote, else presetFiatAmount
   * as is; inside the card's limits. With both (as the peer's client sends them),
   * presetCryptoAmount wins and presetFiatAmount is ignored, as in the onramp URL parameters the
   * payload comes from: the coins are what the visitor asked for, the fiat only their price.
   */
  async #presetCents(
    body: OnrampUrlBody,
    input: Omit<QuoteInput, 'totalCents'>,
  ): Promise<bigint | null> {
    const { presetFiatAmount: fiat, presetCryptoAmount: crypto } = body
    if (crypto !== undefined) return totalCentsFor(this.context.prices, input, crypto)
    if (fiat === undefined) return null
    const cents = BigInt(Math.round(fiat * 100))
    checkLimits(cents, input.method, input.paymentCurrency)
    return cents
  }
}
