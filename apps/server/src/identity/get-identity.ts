// GET /v1/identity/{address} : the name and avatar of an EVM address (docs/product.md#calls), query
// `sender` optional. Both null until names exist. A malformed address (or sender) is a 400.
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { isEvmAddressShape } from '@portico/protocol/evm-address'
import { IDENTITY_ADDRESS_MAX_LENGTH, Identity, IdentityQuery } from '@portico/protocol/identity'
import type { FastifyPluginAsync } from 'fastify'
import { isAddress } from 'viem'
import { CACHE_TTL_IDENTITY_MS } from '../constants'
import { errorResponses } from '../http/error-answer'
import type { RouteOptions } from '../server-context'
import { InvalidAddressError } from '../wallets/wallet-api-errors'
import { cachedIdentityResolver, noNamesYet } from './identity-resolver'

const schema = {
  params: Type.Object({ address: Type.String({ maxLength: IDENTITY_ADDRESS_MAX_LENGTH }) }),
  querystring: IdentityQuery,
  response: { 200: Identity, ...errorResponses },
}

/** 0x and 40 hex digits, all lower or all upper case, or mixed case with a valid EIP-55 checksum. */
function isEvmAddress(value: string): boolean {
  if (!isEvmAddressShape(value)) return false
  const digits = value.slice(2)
  if (digits === digits.toLowerCase() || digits === digits.toUpperCase()) return true
  return isAddress(value, { strict: true })
}

export const getIdentityRoute: FastifyPluginAsync<RouteOptions> = async (app, { context }) => {
  const identities = cachedIdentityResolver(noNamesYet, context.cache)
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/v1/identity/:address', { schema }, async (request, reply) => {
      const { address } = request.params
      const { sender } = request.query
      if (!isEvmAddress(address)) throw new InvalidAddressError('address')
      if (sender !== undefined && !isEvmAddress(sender)) throw new InvalidAddressError('sender')
      const identity = await identities.resolve(address.toLowerCase())
      return reply
        .header('cache-control', `public, max-age=${CACHE_TTL_IDENTITY_MS / 1000}`)
        .send(identity)
    })
}
