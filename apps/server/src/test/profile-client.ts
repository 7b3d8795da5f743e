// What the names tests do as the modal would: sign a registration message with a real key and
// post it, look names up, ask for suggestions, on a real server whose clock the test moves.
import { type Anvil, startAnvil } from '@portico/devnet'
import { evmCoinType, NAME_ZONE } from '@portico/protocol/profile-name'
import type { Address, Hex } from 'viem'
import type { LocalAccount } from 'viem/accounts'
import type { RateLimit } from '../cache/rate-limiter'
import type { NameRegistrationLimits } from '../profile/profile-constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { startedPerFile } from './started-per-file'
import { storedRows } from './stored-rows'
import { startTestServer, type TestServer } from './test-server'

export interface ProfileRig {
  server: TestServer
  /** Chain 1, when the file checks contract accounts; EOAs never need the chain. */
  anvil: Anvil | undefined
  /** The server's clock: tests move it to age a signed message. */
  clock: { now: number }
  stop(): Promise<void>
}

/** More tries than any test makes: files about something else are not stopped by the limits. */
const MANY: RateLimit = { limit: 1_000_000, windowMs: 60_000 }

/**
 * The real server (and anvil as chain 1 when asked) for one test file, started in beforeAll;
 * registration limits out of the way unless `limits` names them.
 */
export function useProfileRig(options: {
  anvil: boolean
  limits?: NameRegistrationLimits
}): () => ProfileRig {
  return startedPerFile(
    'the names server',
    async () => {
      const anvil = options.anvil ? await startAnvil({ chainId: 1 }) : undefined
      const clock = { now: Date.now() }
      try {
        // Without anvil the chain's URL is never called: EOA signatures are checked locally.
        const server = await startTestServer({
          chains: { 1: anvil?.rpcUrl ?? 'http://127.0.0.1:9' },
          config: { nameRegistrationLimits: options.limits ?? { perIp: MANY, perAddress: MANY } },
          deps: { clock: () => clock.now },
        })
        return {
          server,
          anvil,
          clock,
          stop: async () => {
            await Promise.all([server.stop(), anvil?.stop()])
          },
        }
      } catch (error) {
        await anvil?.stop()
        throw error
      }
    },
    60_000,
  )
}

/** The rows registration writes, to compare before and after a refusal. */
export const storedNames = (rig: () => ProfileRig) =>
  storedRows(() => rig().server.app.portico.db, ['profile_names'])

export interface RegistrationFields {
  name: string
  attributes?: Record<string, string>
  /** Unix seconds; the server clock's now when absent. */
  timestamp?: number
}

export interface ProfileTestClient {
  get(path: string, query?: Record<string, string>): Promise<Response>
  post(body: unknown): Promise<Response>
  /** The message for `fields`, as the modal writes it. */
  message(fields: RegistrationFields): string
  /** `signer` signs the message; the body names `address` (the signer's own when absent). */
  signed(
    signer: LocalAccount,
    fields: RegistrationFields,
    options?: { address?: Address; wrap?: (signature: Hex) => Hex; chainId?: number },
  ): Promise<{ coin_type: number; address: Address; message: string; signature: Hex }>
  register(...args: Parameters<ProfileTestClient['signed']>): Promise<Response>
}

/** `alice` in our zone. */
export const inZone = (label: string) => `${label}.${NAME_ZONE}`

export function profileTestClient(rig: () => ProfileRig): ProfileTestClient {
  const url = (path: string, query: Record<string, string> = {}) =>
    `${rig().server.url}${path}?${new URLSearchParams({ projectId: DEV_PROJECT_ID, ...query })}`
  const client: ProfileTestClient = {
    get: (path, query) => fetch(url(path, query)),
    post: (body) =>
      fetch(url('/v1/profile/account'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    message: ({ name, attributes = {}, timestamp }) =>
      JSON.stringify({
        name,
        attributes,
        timestamp: timestamp ?? Math.floor(rig().clock.now / 1000),
      }),
    async signed(signer, fields, options = {}) {
      const message = client.message(fields)
      const signature = await signer.signMessage({ message })
      return {
        coin_type: evmCoinType(options.chainId ?? 1),
        address: options.address ?? signer.address,
        message,
        signature: options.wrap ? options.wrap(signature) : signature,
      }
    },
    register: async (...args) => client.post(await client.signed(...args)),
  }
  return client
}
