// @portico/server: build or start the server from a configuration (test and benchmark support:
// @portico/server/testing, src/testing.ts).
export type { ChainUpstream, ChainUrls } from './chains/chain-upstream'
export type { ConfigOverrides, ServerConfig } from './config'
export { ConfigError, loadConfig } from './config'
export * from './constants'
export { DEV_PROJECT, DEV_PROJECT_ID } from './projects/dev-project'
export { DEFAULT_RELAY_CONFIG } from './relay/relay-config'
export type { RunningServer, ServerDeps } from './server'
export { buildServer, startServer } from './server'
