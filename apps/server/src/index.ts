// @portico/server: build or start the server from a configuration.
export type { ChainUpstream, ChainUrls, ConfigOverrides, ServerConfig } from './config'
export { ConfigError, loadConfig } from './config'
export * from './constants'
export { DEV_PROJECT, DEV_PROJECT_ID } from './projects/dev-project'
export type { RunningServer, ServerDeps } from './server'
export { buildServer, startServer } from './server'
