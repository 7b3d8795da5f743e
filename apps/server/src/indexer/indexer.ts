// The indexer: a ChainFollower for every configured EVM chain, started with the server and
// stopped before its database closes.
import type { FastifyBaseLogger } from 'fastify'
import { JsonRpcClient } from '../chains/json-rpc-client'
import type { ServerContext } from '../server-context'
import { ChainFollower } from './chain-follower'
import { type LeaderLock, postgresAdvisoryLock, singleProcessLock } from './leader-lock'

export interface Indexer {
  readonly followers: readonly ChainFollower[]
  start(): void
  stop(): Promise<void>
}

/** `eip155:1` -> 1; other namespaces are not indexed. */
function evmChainId(caipNetworkId: string): number | undefined {
  const [namespace, reference] = caipNetworkId.split(':')
  return namespace === 'eip155' ? Number(reference) : undefined
}

export function createIndexer(
  context: Pick<ServerContext, 'config' | 'db' | 'upstream'>,
  log: FastifyBaseLogger,
): Indexer {
  const { config, db, upstream } = context
  let lock: LeaderLock | undefined
  const leaderLock = () => {
    lock ??= config.databaseUrl ? postgresAdvisoryLock(config.databaseUrl) : singleProcessLock()
    return lock
  }
  const followers: ChainFollower[] = []
  for (const chain of config.chains) {
    const chainId = evmChainId(chain.caipNetworkId)
    if (chainId === undefined) continue
    followers.push(
      new ChainFollower({
        db,
        chainId,
        rpc: new JsonRpcClient(upstream, chain),
        lock: leaderLock(),
        batchBlocks: config.indexer.batchBlocks,
        pollIntervalMs: config.indexer.pollIntervalMs,
        startBlock: config.indexer.startBlocks[chain.caipNetworkId] ?? 0,
        log: log.child({ indexer: chain.caipNetworkId }),
      }),
    )
  }
  return {
    followers,
    start() {
      for (const follower of followers) follower.start()
    },
    async stop() {
      await Promise.all(followers.map((follower) => follower.stop()))
      await lock?.close()
    },
  }
}
