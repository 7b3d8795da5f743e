// The server's configuration: environment variables over embedded defaults, and programmatic
// overrides (the start script passes its chains' RPC URLs) over both.

import { fileURLToPath } from 'node:url'
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { type AnalyticsConfig, readAnalyticsConfig } from './analytics/analytics-config'
import { readSolanaTokens, type SolanaTokensConfig } from './balances/solana-tokens-config'
import { readTokenLists, type TokenListsConfig } from './balances/token-lists-config'
import { parseChainId } from './chains/chain-id'
import type { ChainUpstream, ChainUrls, UpstreamPolicy } from './chains/chain-upstream'
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  HTTP_TIMEOUT_CHECK_INTERVAL_MS,
  RPC_RETRY_COUNT,
  RPC_RETRY_DELAY_MS,
  RPC_TIMEOUT_MS,
} from './constants'
import {
  type ConvertChainConfigInput,
  type ConvertConfig,
  readConvertConfig,
} from './convert/convert-config'
import {
  type EmbeddedWalletConfig,
  readEmbeddedWalletConfig,
} from './embedded-wallet/embedded-wallet-config'
import { type FarcasterConfig, readFarcasterConfig } from './farcaster/farcaster-config'
import { type FrameConfig, readFrameConfig } from './frame/frame-config'
import { readPublicOrigin } from './http/public-origin'
import {
  type IndexerConfig,
  readIndexerConfig,
  readSpamCollections,
} from './indexer/indexer-config'
import { type OnrampConfig, readOnrampConfig } from './onramp/onramp-config'
import type { PriceSourceConfig, PriceSourcesConfig } from './prices/price-source'
import { readPriceSources } from './prices/price-sources-config'
import {
  DEFAULT_NAME_REGISTRATION_LIMITS,
  type NameRegistrationLimits,
} from './profile/profile-constants'
import { DEV_PROJECT, type ProjectSeed } from './projects/dev-project'
import { type RelayConfig, readRelayConfig } from './relay/relay-config'
import { readSocialLoginConfig, type SocialLoginConfig } from './social/social-config'
import {
  readWalletRegistryChoice,
  type WalletRegistryChoice,
} from './wallets/registry/registry-choice'

/** The HTTP server's time-outs (constants.ts says why each); tests shorten them. */
export interface HttpTimeouts {
  requestTimeoutMs: number
  headersTimeoutMs: number
  keepAliveTimeoutMs: number
  connectionsCheckIntervalMs: number
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestTimeoutMs: HTTP_REQUEST_TIMEOUT_MS,
  headersTimeoutMs: HTTP_HEADERS_TIMEOUT_MS,
  keepAliveTimeoutMs: HTTP_KEEP_ALIVE_TIMEOUT_MS,
  connectionsCheckIntervalMs: HTTP_TIMEOUT_CHECK_INTERVAL_MS,
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface ServerConfig {
  host: string
  port: number
  /**
   * PORTICO_API_PUBLIC_URL: the API's origin as browsers reach it (behind a proxy or TLS), in
   * every URL the server hands out; unset, the listener's own address (http/public-api-url.ts).
   */
  apiPublicUrl: string | undefined
  /** PGlite data folder, used when databaseUrl is not set. */
  dataDir: string
  databaseUrl: string | undefined
  /** Cache and rate limits in Redis when set, in process otherwise. */
  redisUrl: string | undefined
  /** Prefix of every Redis key, so several deployments (or test suites) can share one Redis. */
  redisKeyPrefix: string
  chains: ChainUpstream[]
  /** Project created at start if missing; undefined seeds nothing. */
  devProject: ProjectSeed | undefined
  /** Bearer token of the /admin routes; startServer makes one up when absent. */
  adminToken: string | undefined
  logLevel: LogLevel
  upstream: UpstreamPolicy
  httpTimeouts: HttpTimeouts
  /** Chain -> where its USD prices come from (uniswap-v2 pools or a static table). */
  priceSources: PriceSourcesConfig
  /** Chain -> the ERC-20 contracts every balance answer checks. */
  tokenLists: TokenListsConfig
  /** Solana chain -> SOL's USD price and the SPL tokens balance answers show, with prices. */
  solanaTokens: SolanaTokensConfig
  /** The WalletConnect relay (relay/): on by default, at /relay. */
  relay: RelayConfig
  /** The block follower (indexer/): on by default. */
  indexer: IndexerConfig
  /** NFT collections the history flags as spam: CAIP-10 ids, lowercase. */
  spamCollections: string[]
  /** E-mail login codes (SMTP), the share seal key, code limits (embedded-wallet/). */
  embeddedWallet: EmbeddedWalletConfig
  /** Social login (social/): each provider's client and endpoints; a provider without a client is off. */
  socialLogin: SocialLoginConfig
  /** Sign In With Farcaster (farcaster/): where its IdRegistry is read, the connect link. */
  farcaster: FarcasterConfig
  /**
   * The embedded wallet frame's origin (e.g. `http://127.0.0.1:8788`), read per request: the
   * project guard lets it call the embedded wallet routes and the RPC proxy. Unset: no frame.
   */
  frameOrigin?: string
  /** The frame's own listener (frame/): its port (unset: none) and the build it serves. */
  frame: FrameConfig
  /** Chain -> its swap router and tokens (convert/); a chain absent has no swaps. */
  convert: ConvertConfig
  /** Card purchases (onramp/): the sandbox and its treasury (off by default), order limits. */
  onramp: OnrampConfig
  /** Name registrations (profile/) one client and one address may try in a window. */
  nameRegistrationLimits: NameRegistrationLimits
  /** The wallets the Wallet API serves (wallets/registry/registry-choice.ts): built-in by default. */
  walletRegistry: WalletRegistryChoice
  /** Tracked events (analytics/): how long raw events are kept. */
  analytics: AnalyticsConfig
}

type ReadConfigKeys =
  | 'chains'
  | 'priceSources'
  | 'tokenLists'
  | 'solanaTokens'
  | 'indexer'
  | 'spamCollections'
  | 'convert'
  | 'onramp'

/** priceSources and tokenLists are checked like their environment variables; keys `1` or `eip155:1`. */
export type ConfigOverrides = Partial<Omit<ServerConfig, ReadConfigKeys>> & {
  chains?: ChainUrls
  priceSources?: Record<string, PriceSourceConfig>
  tokenLists?: Record<string, readonly string[]>
  /** Checked like PORTICO_SOLANA_TOKENS; keys are solana CAIP-2 ids. */
  solanaTokens?: Record<string, unknown>
  /** Merged over the environment's indexer settings. */
  indexer?: Partial<IndexerConfig>
  spamCollections?: readonly string[]
  /** Checked like PORTICO_CONVERT; keys `1` or `eip155:1`. */
  convert?: Record<string, ConvertChainConfigInput>
  /** Over the environment's onramp settings; the sandbox is checked against the chains. */
  onramp?: Partial<OnrampConfig>
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

const LOG_LEVELS: readonly LogLevel[] = [
  'fatal',
  'error',
  'warn',
  'info',
  'debug',
  'trace',
  'silent',
]

function readPort(value: string | undefined): number {
  if (value === undefined || value === '') return 8787
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number, got ${JSON.stringify(value)}`)
  }
  return port
}

function readLogLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info'
  const level = LOG_LEVELS.find((known) => known === value)
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  return level
}

function readChainUrls(json: string | undefined): ChainUrls {
  if (json === undefined || json.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new ConfigError('PORTICO_CHAINS must be JSON: {"<chain id>": "<rpc url>", ...}')
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('PORTICO_CHAINS must be a JSON object: {"<chain id>": "<rpc url>"}')
  }
  return parsed as ChainUrls
}

export function toChainUpstreams(urls: ChainUrls): ChainUpstream[] {
  const upstreams = new Map<CaipNetworkId, ChainUpstream>()
  for (const [chainId, rpcUrl] of Object.entries(urls)) {
    let caipNetworkId: CaipNetworkId
    try {
      caipNetworkId = parseChainId(chainId)
    } catch {
      throw new ConfigError(`Chain id ${JSON.stringify(chainId)} is not a CAIP-2 or EVM chain id`)
    }
    if (typeof rpcUrl !== 'string' || !URL.canParse(rpcUrl) || !/^https?:/.test(rpcUrl)) {
      throw new ConfigError(`The RPC URL of chain ${chainId} must be an http(s) URL`)
    }
    upstreams.set(caipNetworkId, { caipNetworkId, rpcUrl })
  }
  return [...upstreams.values()]
}

/** Runs a reader that throws RangeError, turning its message into a ConfigError. */
function readOrFail<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof RangeError) throw new ConfigError(error.message)
    throw error
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

/**
 * The configuration from the environment (every variable, its default and meaning: the table in
 * apps/server/README.md, which env-table.test.ts keeps whole) with `overrides` over it.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: ConfigOverrides = {},
): ServerConfig {
  const {
    chains,
    priceSources,
    tokenLists,
    solanaTokens,
    indexer,
    spamCollections,
    convert,
    onramp,
    ...given
  } = overrides
  // An override left undefined keeps the environment's value.
  const rest = Object.fromEntries(
    Object.entries(given).filter(([, value]) => value !== undefined),
  ) as Partial<ServerConfig>
  const upstreams = toChainUpstreams(chains ?? readChainUrls(env.PORTICO_CHAINS))
  return {
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    port: readPort(env.PORT),
    apiPublicUrl: readOrFail(() =>
      readPublicOrigin('PORTICO_API_PUBLIC_URL', env.PORTICO_API_PUBLIC_URL),
    ),
    dataDir: nonEmpty(env.DATA_DIR) ?? `${repoRoot}.data/pglite`,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: nonEmpty(env.REDIS_KEY_PREFIX) ?? 'portico:',
    chains: upstreams,
    devProject: env.PORTICO_SEED_DEV_PROJECT === '0' ? undefined : DEV_PROJECT,
    adminToken: nonEmpty(env.PORTICO_ADMIN_TOKEN),
    logLevel: readLogLevel(nonEmpty(env.LOG_LEVEL)),
    upstream: {
      timeoutMs: RPC_TIMEOUT_MS,
      retryCount: RPC_RETRY_COUNT,
      retryDelayMs: RPC_RETRY_DELAY_MS,
    },
    httpTimeouts: DEFAULT_HTTP_TIMEOUTS,
    priceSources: readOrFail(() => readPriceSources(priceSources ?? env.PORTICO_PRICE_SOURCES)),
    tokenLists: readOrFail(() => readTokenLists(tokenLists ?? env.PORTICO_TOKEN_LISTS)),
    solanaTokens: readOrFail(() => readSolanaTokens(solanaTokens ?? env.PORTICO_SOLANA_TOKENS)),
    relay: readOrFail(() => readRelayConfig(env)),
    analytics: readOrFail(() => readAnalyticsConfig(env)),
    indexer: readOrFail(() =>
      readIndexerConfig(
        env,
        indexer,
        upstreams.map((chain) => chain.caipNetworkId),
      ),
    ),
    spamCollections: readOrFail(() =>
      readSpamCollections(spamCollections ?? env.PORTICO_SPAM_COLLECTIONS),
    ),
    embeddedWallet: readOrFail(() => readEmbeddedWalletConfig(env)),
    socialLogin: readOrFail(() => readSocialLoginConfig(env)),
    farcaster: readOrFail(() => readFarcasterConfig(env)),
    frame: readOrFail(() => readFrameConfig(env)),
    convert: readOrFail(() => readConvertConfig(convert ?? env.PORTICO_CONVERT)),
    onramp: readOrFail(() => readOnrampConfig(env, onramp, upstreams)),
    nameRegistrationLimits: DEFAULT_NAME_REGISTRATION_LIMITS,
    walletRegistry: readOrFail(() =>
      readWalletRegistryChoice(nonEmpty(env.PORTICO_WALLET_REGISTRY)),
    ),
    ...rest,
  }
}
