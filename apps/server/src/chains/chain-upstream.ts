// What the server knows of each chain's upstream RPC and how it calls it: the types every
// chain-reading part takes. Here, beside the clients that use them, so a part that reads a chain
// depends on chains/ and not on config.ts (which gathers every feature's configuration).
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'

export interface ChainUpstream {
  caipNetworkId: CaipNetworkId
  rpcUrl: string
}

/** Chain id (`1` or `eip155:1`) -> RPC URL, e.g. `{ "1": "http://127.0.0.1:8545" }`. */
export type ChainUrls = Record<string, string>

/** Time-out and retries of every upstream call (UpstreamClient). */
export interface UpstreamPolicy {
  timeoutMs: number
  retryCount: number
  retryDelayMs: number
}
