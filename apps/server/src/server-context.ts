// What route plugins are given: the server's configuration and its open resources.
import type { Redis } from 'ioredis'
import type { Cache, Clock } from './cache/cache'
import type { RateLimiter } from './cache/rate-limiter'
import type { ChainRegistry } from './chains/chain-registry'
import type { UpstreamClient } from './chains/upstream-client'
import type { ServerConfig } from './config'
import type { Database } from './db/database'
import type { PublicApiUrl } from './http/public-api-url'
import type { PriceBook } from './prices/price-book'
import type { ProjectDirectory } from './projects/project-directory'
import type { ProjectStore } from './projects/project-store'

export interface ServerContext {
  config: ServerConfig
  db: Database
  cache: Cache
  rateLimiter: RateLimiter
  /** Set when REDIS_URL is. */
  redis: Redis | undefined
  projects: ProjectStore
  projectDirectory: ProjectDirectory
  chains: ChainRegistry
  upstream: UpstreamClient
  /** USD prices by chain (prices/). */
  prices: PriceBook
  /** The server's time, for rules measured in time (cache freshness); tests set it by hand. */
  clock: Clock
  /**
   * The API's origin for every URL the server hands out (`publicApiUrl.origin`): configured, or
   * the listener's address; never the request's Host header.
   */
  publicApiUrl: PublicApiUrl
}

/** Options of every route plugin. */
export interface RouteOptions {
  context: ServerContext
}
