// GET /v1/account/{address}/balance?currency=usd&chainId=&forceUpdate= : the address's native
// and ERC-20 (or SOL and SPL) balances on one chain, with USD prices and values
// (docs/product.md#blockchain-api). The address must suit the chain's namespace.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { ACCOUNT_BALANCE_PATH } from '@portico/protocol/route-paths'
import { solanaAddressProblem } from '@portico/protocol/solana-address'
import {
  AccountBalanceAnswer,
  AccountBalanceParams,
  AccountBalanceQuery,
} from '@portico/protocol/token-balance'
import type { FastifyPluginAsync } from 'fastify'
import type { PortfolioReader } from '../balances/portfolio'
import { defineServerError, UnsupportedChainError } from '../errors'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { iconUrlFor } from '../tokens/token-icon'

const schema = {
  params: AccountBalanceParams,
  querystring: AccountBalanceQuery,
  response: { 200: AccountBalanceAnswer, ...errorResponses },
}

/** An address that does not fit the chain's namespace, and why. */
export const InvalidBalanceAddressError = defineServerError({
  name: 'InvalidBalanceAddressError',
  status: 400,
  code: 'INVALID_REQUEST',
  message: (reason: string) => reason,
})

function checkAddress(namespace: string, address: string): void {
  if (namespace === 'eip155') {
    if (!isEvmAddressShape(address)) {
      throw new InvalidBalanceAddressError(
        'Invalid address: an EVM address is 0x and 40 hex digits',
      )
    }
    return
  }
  const problem = solanaAddressProblem(address)
  if (problem) throw new InvalidBalanceAddressError(problem)
}

export interface AccountBalanceOptions extends RouteOptions {
  portfolio: PortfolioReader
}

export const accountBalanceRoute: FastifyPluginAsync<AccountBalanceOptions> = async (
  app,
  { context, portfolio },
) => {
  const typed = app.withTypeProvider<TypeBoxTypeProvider>()
  typed.get(ACCOUNT_BALANCE_PATH, { schema }, async (request) => {
    const chain = context.chains.resolve(request.query.chainId)
    const namespace = chain.caipNetworkId.slice(0, chain.caipNetworkId.indexOf(':'))
    if (namespace !== 'eip155' && namespace !== 'solana') throw new UnsupportedChainError()
    checkAddress(namespace, request.params.address)
    const forceUpdate = request.query.forceUpdate === 'true' || request.query.forceUpdate === '1'
    const balances = await portfolio.read(chain, request.params.address, {
      forceUpdate,
      log: request.log,
    })
    return {
      balances: balances.map((balance) => ({
        ...balance,
        iconUrl: iconUrlFor(request, balance.iconUrl),
      })),
    }
  })
}
