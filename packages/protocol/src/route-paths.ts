// The paths of our server's HTTP routes (docs/product.md#calls and its sections), written once:
// the server registers these constants and the modal calls them, so a path renamed on one side
// fails on both. Kept apart from the TypeBox shapes each route carries
// (auth.ts, convert.ts, onramp.ts, ...) because a browser chunk importing a value from a schema
// file would bring TypeBox along (docs/conventions.md#the-browser-packages); this file is
// schema-free. A `:name` segment is a path parameter: Fastify reads it, `routePath` fills it.
// A route under a prefix gets its own constant too (`${PREFIX}/start` written in a route file is
// a path typed as text): the contract test refuses a suffix written after a route constant.
//
// The paths are kept in one small file per feature under route-paths/, re-exported here: a
// bundler puts a module in one chunk, so one file of every path, imported by the page's first
// chunk for the RPC proxy's path, would carry every feature's paths into the page before any
// click. Split, each file goes to the chunk of the feature that calls it.

export * from './route-paths/account-paths'
export * from './route-paths/analytics-paths'
export * from './route-paths/auth-paths'
export * from './route-paths/convert-paths'
export * from './route-paths/embedded-wallet-paths'
export * from './route-paths/farcaster-paths'
export * from './route-paths/onramp-paths'
export * from './route-paths/profile-paths'
export * from './route-paths/route-path'
export * from './route-paths/rpc-proxy-path'
export * from './route-paths/server-paths'
export * from './route-paths/social-login-paths'
export * from './route-paths/wallet-api-paths'
