// Builds the Fastify server from a configuration: opens the database (and applies migrations,
// seeds the dev project), the cache and rate limiter, and registers the route groups (every one
// of them listed in route-groups.ts).

import { randomBytes } from 'node:crypto'
import { ADMIN_PREFIX } from '@portico/protocol/route-paths'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import { type Clock, systemClock } from './cache/cache'
import { openCacheStores } from './cache/open-cache'
import { ChainRegistry } from './chains/chain-registry'
import { UpstreamClient, type UpstreamClientDeps } from './chains/upstream-client'
import type { ServerConfig } from './config'
import { REQUEST_BODY_LIMIT_BYTES } from './constants'
import { announceDataFolderServer } from './db/data-folder-lock'
import type { Database } from './db/database'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open-database'
import { frameOriginRule } from './embedded-wallet/frame-origin'
import { refuseKeyBesideData } from './embedded-wallet/share-seal-key-place'
import { startFrameListener } from './frame/frame-listener'
import { answerClientError } from './http/client-error'
import { answerError, installErrorHandling, toServerError } from './http/error-handler'
import { PublicApiUrl, reachableHost } from './http/public-api-url'
import { drainRequestsOnClose } from './http/shutdown-drain'
import { refuseRequestsWhileClosing } from './http/shutdown-refusal'
import { createIndexer } from './indexer/indexer'
import { registerOpenApi } from './openapi/openapi'
import { PriceBook } from './prices/price-book'
import { ProjectDirectory } from './projects/project-directory'
import { guardProjectRoutes } from './projects/project-guard'
import { ProjectStore } from './projects/project-store'
import { ROUTE_GROUPS } from './route-groups'
import type { ServerContext } from './server-context'
import { TokenMetadataReader } from './tokens/token-metadata'

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's configuration and open resources (tests read the database through it). */
    portico: ServerContext
  }
}

/**
 * Input is validated as sent: Fastify's default coerces types (a JSON-RPC id 1 would become
 * '1', params "x" would become ["x"]) and strips unknown properties; we refuse both. Query
 * strings are text, so a numeric query parameter is declared as a string with a pattern.
 */
const STRICT_VALIDATION = { coerceTypes: false, removeAdditional: false } as const

export interface ServerDeps {
  /** Replaces parts of the upstream client (tests record retry delays instead of waiting). */
  upstream?: UpstreamClientDeps
  /** The server's time (cache freshness); tests move it by hand. */
  clock?: Clock
}

async function openContext(config: ServerConfig, deps: ServerDeps) {
  const db: Database = await openDatabase(config)
  try {
    await migrate(db)
    await refuseKeyBesideData(db, config.embeddedWallet, config.dataDir)
    const projects = new ProjectStore(db)
    if (config.devProject) await projects.ensure(config.devProject)
    const clock = deps.clock ?? systemClock
    const stores = await openCacheStores({
      redisUrl: config.redisUrl,
      keyPrefix: config.redisKeyPrefix,
      clock,
    })
    const upstream = new UpstreamClient(config.upstream, deps.upstream)
    const context: ServerContext = {
      config,
      db,
      cache: stores.cache,
      rateLimiter: stores.rateLimiter,
      redis: stores.redis,
      projects,
      projectDirectory: new ProjectDirectory(projects),
      chains: new ChainRegistry(config.chains),
      upstream,
      prices: new PriceBook(config.priceSources, {
        chains: config.chains,
        upstream,
        metadata: new TokenMetadataReader(stores.cache, upstream),
        clock,
      }),
      clock,
      publicApiUrl: new PublicApiUrl(config.apiPublicUrl, config.host),
    }
    return { context, close: async () => Promise.all([stores.close(), db.close()]) }
  } catch (error) {
    await db.close()
    throw error
  }
}

/**
 * Registers ROUTE_GROUPS in their order: the project-scoped ones together in one scope behind
 * the project guard, placed where the first of them stands in the list.
 */
async function registerRouteGroups(app: FastifyInstance, context: ServerContext): Promise<void> {
  let guardedScopeRegistered = false
  for (const group of ROUTE_GROUPS) {
    if (group.scope === 'public') await app.register(group.plugin, { context })
    else if (group.scope === 'admin') {
      await app.register(group.plugin, { context, prefix: ADMIN_PREFIX })
    } else if (!guardedScopeRegistered) {
      guardedScopeRegistered = true
      await app.register(async (scoped) => {
        guardProjectRoutes(
          scoped,
          context.projectDirectory,
          frameOriginRule(context.config.frameOrigin),
        )
        for (const guarded of ROUTE_GROUPS) {
          if (guarded.scope === 'project') await scoped.register(guarded.plugin, { context })
        }
      })
    }
  }
}

/** The server, ready to `listen` (or to `inject` requests); `close()` releases everything. */
export async function buildServer(
  config: ServerConfig,
  deps: ServerDeps = {},
): Promise<FastifyInstance> {
  const { context, close } = await openContext(config, deps)
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: REQUEST_BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    // A request must arrive whole in time and an idle connection is closed (constants.ts).
    requestTimeout: config.httpTimeouts.requestTimeoutMs,
    keepAliveTimeout: config.httpTimeouts.keepAliveTimeoutMs,
    http: {
      requestTimeout: config.httpTimeouts.requestTimeoutMs,
      headersTimeout: config.httpTimeouts.headersTimeoutMs,
      connectionsCheckingInterval: config.httpTimeouts.connectionsCheckIntervalMs,
    },
    // What Node's parser refuses (408, 431, not HTTP) never reaches the error handler.
    clientErrorHandler: answerClientError,
    // Answered in the error shape by refuseRequestsWhileClosing instead.
    return503OnClosing: false,
    ajv: { customOptions: STRICT_VALIDATION },
    // What Fastify refuses before routing (a bad URL, an over-long path parameter) is answered
    // in the server's error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const answer = toServerError(error)
      reply.code(answer.status).send(answerError(answer))
    },
  })
  context.publicApiUrl.attach(app.server)
  app.decorate('portico', context)
  const indexer = config.indexer.enabled ? createIndexer(context, app.log) : undefined
  app.addHook('onClose', async () => {
    await indexer?.stop()
    await close()
  })
  try {
    installErrorHandling(app)
    // Closing: requests under way finish first, then late ones are refused (http/shutdown-*).
    drainRequestsOnClose(app)
    refuseRequestsWhileClosing(app)
    await registerOpenApi(app)
    await registerRouteGroups(app, context)
    await app.ready()
    indexer?.start()
  } catch (error) {
    await app.close()
    throw error
  }
  return app
}

export interface RunningServer {
  app: FastifyInstance
  /** e.g. http://127.0.0.1:8787 */
  url: string
  /** The embedded wallet frame's page (frame/), when FRAME_PORT is set: e.g. http://127.0.0.1:8788/ */
  frameUrl?: string
  close(): Promise<void>
}

/** Builds the server and listens on config.host:config.port (port 0: any free port). */
export async function startServer(
  config: ServerConfig,
  deps: ServerDeps = {},
): Promise<RunningServer> {
  const adminToken = config.adminToken ?? randomBytes(32).toString('hex')
  // The frame listens first: the API's project guard needs the frame's origin (frame/).
  const frame =
    config.frame.port === undefined
      ? undefined
      : await startFrameListener({
          host: config.host,
          port: config.frame.port,
          dir: config.frame.dir,
          reachableHost: reachableHost(config.host),
          ...(config.frame.publicUrl ? { publicOrigin: config.frame.publicUrl } : {}),
        })
  const frameOrigin = config.frameOrigin ?? frame?.origin
  let app: FastifyInstance
  try {
    app = await buildServer(
      { ...config, adminToken, ...(frameOrigin ? { frameOrigin } : {}) },
      deps,
    )
  } catch (error) {
    await frame?.close()
    throw error
  }
  const close = async () => {
    await app.close()
    await frame?.close()
  }
  try {
    await app.listen({ host: config.host, port: config.port })
  } catch (error) {
    await close()
    throw error
  }
  const address = app.server.address()
  const port = address && typeof address === 'object' ? address.port : config.port
  const url = `http://${reachableHost(config.host)}:${port}`
  frame?.attach({
    apiUrl: app.portico.publicApiUrl.origin,
    projects: app.portico.projectDirectory,
  })
  if (!config.databaseUrl) announceDataFolderServer(config.dataDir, url, adminToken)
  return { app, url, ...(frame ? { frameUrl: frame.url } : {}), close }
}
