// The configured chains and their upstream RPC URLs, looked up by the chain id a caller gives.

import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { UnsupportedChainError } from '../errors'
import { parseChainId } from './chain-id'
import type { ChainUpstream } from './chain-upstream'

export class ChainRegistry {
  readonly #upstreams: ReadonlyMap<CaipNetworkId, ChainUpstream>

  constructor(upstreams: readonly ChainUpstream[]) {
    this.#upstreams = new Map(upstreams.map((upstream) => [upstream.caipNetworkId, upstream]))
  }

  /** Throws InvalidChainIdError for a malformed id, UnsupportedChainError for an unknown one. */
  resolve(chainId: string): ChainUpstream {
    const upstream = this.#upstreams.get(parseChainId(chainId))
    if (!upstream) throw new UnsupportedChainError()
    return upstream
  }

  /** CAIP-2 ids of the chains reachable over HTTP JSON-RPC. */
  httpChainIds(): CaipNetworkId[] {
    return [...this.#upstreams.keys()]
  }
}
