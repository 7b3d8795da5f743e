// POST /v1/profile/account : registers a name (docs/product.md#calls). The body names the
// account (address, and the ENSIP-11 coin type of the chain it lives on) and carries the signed
// message `{ name, attributes, timestamp }` and its signature. The name goes to the address only
// when the address itself signed: an EOA by its key, a contract account by ERC-1271 (or ERC-6492
// before it is deployed) on that chain. The database decides who holds a name (profile-store).
// Tries are rate limited per client and per account address (profile-constants.ts): 429 with
// Retry-After, nothing stored.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { ProfileAccount, RegisterName } from '@portico/protocol/profile'
import { chainIdOfCoinType } from '@portico/protocol/profile-name'
import { PROFILE_ACCOUNT_PATH } from '@portico/protocol/route-paths'
import type { FastifyPluginAsync } from 'fastify'
import { verifyEvmSignature } from '../auth/signature-verifier'
import type { ChainUpstream } from '../chains/chain-upstream'
import { UnsupportedChainError } from '../errors'
import { clientKeyOf } from '../http/client-address'
import { errorResponses } from '../http/error-answer'
import { enforceRateLimit } from '../http/rate-limit'
import { isEvmAddress } from '../identity/evm-address-check'
import { identityCacheKey } from '../identity/identity-resolver'
import type { ServerContext } from '../server-context'
import { InvalidAddressError } from '../wallets/wallet-api-errors'
import {
  AddressHasNameError,
  NameRegistrationRateLimitedError,
  NameSignatureError,
  NameTakenError,
  UnsupportedCoinTypeError,
} from './profile-errors'
import { parseRegistrationMessage } from './registration-message'
import type { ProfileRouteOptions } from './routes'

const schema = {
  body: RegisterName,
  response: { 200: ProfileAccount, ...errorResponses },
}

/** The chain of `coinType` among ours: a contract account's signature is checked on it. */
function chainOf(context: ServerContext, coinType: number): ChainUpstream {
  const chainId = chainIdOfCoinType(coinType)
  if (chainId === undefined) throw new UnsupportedCoinTypeError(coinType)
  try {
    return context.chains.resolve(`eip155:${chainId}`)
  } catch (error) {
    if (error instanceof UnsupportedChainError) throw new UnsupportedCoinTypeError(coinType)
    throw error
  }
}

export const postProfileAccountRoute: FastifyPluginAsync<ProfileRouteOptions> = async (
  app,
  { context, store },
) => {
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .post(PROFILE_ACCOUNT_PATH, { schema }, async (request) => {
      const { coin_type: coinType, address, message: text, signature } = request.body
      const limits = context.config.nameRegistrationLimits
      const refuse = (seconds: number) => new NameRegistrationRateLimitedError(seconds)
      // The client's count first, for every try: a refusal there counts nothing against an address.
      await enforceRateLimit(
        context.rateLimiter,
        `profile-register-ip:${clientKeyOf(request)}`,
        limits.perIp,
        refuse,
      )
      if (!isEvmAddress(address)) throw new InvalidAddressError('address')
      const lowercase = address.toLowerCase()
      await enforceRateLimit(
        context.rateLimiter,
        `profile-register-address:${lowercase}`,
        limits.perAddress,
        refuse,
      )
      const chain = chainOf(context, coinType)
      const message = parseRegistrationMessage(text, context.clock())
      // Asked before the signature, which may cost a chain call; the insert still decides.
      if (await store.byName(message.name)) throw new NameTakenError(message.name)
      const verified = await verifyEvmSignature(
        { upstream: context.upstream, rpcUrl: chain.rpcUrl },
        { address, text, signature },
      )
      if (!verified) throw new NameSignatureError()
      const outcome = await store.register({
        name: message.name,
        address: lowercase,
        coinType,
        attributes: message.attributes,
      })
      if (!outcome.registered) {
        throw outcome.taken === 'name'
          ? new NameTakenError(message.name)
          : new AddressHasNameError()
      }
      // The address's identity was kept as nameless: it has a name now.
      await context.cache.delete(identityCacheKey(lowercase)).catch(() => {})
      return outcome.account
    })
}
