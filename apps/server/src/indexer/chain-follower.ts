// Follows one chain: reads the blocks after the checkpoint in batches, stores each batch with
// the new checkpoint in one transaction, and when the chain no longer holds the checkpoint's
// block (a reorg: its parent hash changed, or it is gone) walks back through the kept block
// hashes to the last block both agree on, forgets everything above it and goes on from there.
import type { FastifyBaseLogger } from 'fastify'
import type { JsonRpcClient } from '../chains/json-rpc-client'
import type { Database } from '../db/database'
import { type BlockRange, ChainMovedError, readBlockRange, readHeaders } from './chain-reader'
import {
  INDEXER_CHAIN_MOVED_RETRY_MS,
  INDEXER_LEADER_RETRY_MS,
  INDEXER_RETRY_MAX_MS,
  INDEXER_RETRY_MIN_MS,
} from './indexer-constants'
import { type Checkpoint, CheckpointMovedError, IndexerStore } from './indexer-store'
import type { LeaderLock } from './leader-lock'
import { TokenMetadataRecorder } from './token-metadata-recorder'

export interface ChainFollowerOptions {
  db: Database
  /** EVM chain id. */
  chainId: number
  rpc: JsonRpcClient
  lock: LeaderLock
  batchBlocks: number
  pollIntervalMs: number
  /**
   * First block indexed while the chain has no checkpoint (config `indexer.startBlocks`);
   * genesis when not given.
   */
  startBlock?: number
  log: FastifyBaseLogger
}

export class ChainFollower {
  readonly chainId: number
  readonly #options: ChainFollowerOptions
  readonly #store: IndexerStore
  readonly #tokens: TokenMetadataRecorder
  readonly #log: FastifyBaseLogger
  #checkpoint: Checkpoint | undefined
  #checkpointLoaded = false
  #behind = false
  #stopped = false
  #running: Promise<void> | undefined
  /** The next range, read while the previous one is stored (catch-up only). */
  #prefetched: { from: number; range: Promise<BlockRange> } | undefined
  #writing: Promise<unknown> | undefined
  #wake: (() => void) | undefined

  constructor(options: ChainFollowerOptions) {
    this.chainId = options.chainId
    this.#options = options
    this.#store = new IndexerStore(options.db, options.chainId)
    this.#tokens = new TokenMetadataRecorder(options.db, options.chainId, options.rpc)
    this.#log = options.log
  }

  start(): void {
    this.#running ??= this.#run()
  }

  /** Stops following. Waits for a batch being written, not for a chain read in flight. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#wake?.()
    await this.#writing?.catch(() => {})
  }

  /** Steps until the checkpoint is the chain head (benchmarks and tests; no leadership). */
  async syncToHead(): Promise<Checkpoint | undefined> {
    while (await this.step()) {}
    return this.#checkpoint
  }

  /** One batch (or one reorg rewind). True if there is more to do right away. */
  async step(): Promise<boolean> {
    const { rpc, batchBlocks, startBlock = 0 } = this.#options
    if (!this.#checkpointLoaded) {
      this.#checkpoint = await this.#store.readCheckpoint()
      this.#checkpointLoaded = true
      if (!this.#checkpoint && startBlock > 0) {
        this.#log.info({ block: startBlock }, 'indexing from the configured start block')
      }
    }
    const checkpoint = this.#checkpoint
    const head = Number(await rpc.request<string>('eth_blockNumber'))
    if (checkpoint && head <= checkpoint.number) {
      const [block] = await readHeaders(rpc, [checkpoint.number])
      if (block?.hash === checkpoint.hash) return false
      await this.#rewind(checkpoint)
      return true
    }
    const from = checkpoint ? checkpoint.number + 1 : startBlock
    // A start block past the head (a chain just started, or a typo): wait for the chain.
    if (head < from) return false
    const range = await this.#readRange(from, Math.min(head, from + batchBlocks - 1))
    const to = (range.blocks.at(-1) as { number: number }).number
    // A prefetched range may have been read before a reorg: this check catches that too.
    if (checkpoint && range.blocks[0]?.parentHash !== checkpoint.hash) {
      await this.#rewind(checkpoint)
      return true
    }
    if (to < head) this.#prefetch(to + 1, Math.min(head, to + batchBlocks))
    const metadata = await this.#tokens.missing(range.transfers)
    const next = await this.#write(() => this.#store.commitRange(checkpoint, range, metadata))
    if (!next) return true
    this.#checkpoint = next
    this.#tokens.remember(metadata)
    this.#log.debug(
      { from, to, head, hash: next.hash, transfers: range.transfers.length },
      'indexed blocks',
    )
    if (to < head) this.#behind = true
    else if (this.#behind) {
      this.#behind = false
      this.#log.info({ block: to }, 'indexer caught up with the chain head')
    }
    return to < head
  }

  #readRange(from: number, to: number): Promise<BlockRange> {
    const prefetched = this.#prefetched
    this.#prefetched = undefined
    if (prefetched?.from === from) return prefetched.range
    return readBlockRange(this.#options.rpc, from, to)
  }

  #prefetch(from: number, to: number): void {
    const range = readBlockRange(this.#options.rpc, from, to)
    // Awaited by the next step (a failure surfaces there), or dropped.
    range.catch(() => {})
    this.#prefetched = { from, range }
  }

  /**
   * Runs a write; undefined if another writer had moved the checkpoint (nothing was written:
   * the checkpoint is read again and the next step goes on from there).
   */
  async #write<T>(work: () => Promise<T>): Promise<T | undefined> {
    if (this.#stopped) throw new Error('indexer stopped')
    const writing = work()
    this.#writing = writing
    try {
      return await writing
    } catch (error) {
      if (!(error instanceof CheckpointMovedError)) throw error
      this.#log.info('another writer moved the checkpoint; reading it again')
      this.#checkpointLoaded = false
      this.#prefetched = undefined
      return undefined
    } finally {
      this.#writing = undefined
    }
  }

  /** Walks back from `checkpoint` to the newest kept block still on the chain. */
  async #rewind(checkpoint: Checkpoint): Promise<void> {
    const kept = await this.#store.recentBlocks()
    const onChain = await readHeaders(
      this.#options.rpc,
      kept.map((block) => block.number),
    )
    const ancestor = kept.find((block, index) => onChain[index]?.hash === block.hash)
    this.#prefetched = undefined
    const rewound = await this.#write(async () => {
      await this.#store.rewind(checkpoint, ancestor)
      return true
    })
    if (!rewound) return
    this.#checkpoint = ancestor
    this.#log.info(
      { from: checkpoint.number, to: ancestor?.number ?? -1 },
      ancestor
        ? 'chain reorganised: indexed blocks above the common ancestor forgotten'
        : 'chain replaced below the kept block hashes: indexing it again from the first block',
    )
  }

  #sleep(ms: number): Promise<void> {
    if (this.#stopped) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        resolve()
      }
      this.#wake = done
    })
  }

  async #lead(): Promise<boolean> {
    const { lock } = this.#options
    if (lock.holds(this.chainId)) return true
    try {
      if (!(await lock.acquire(this.chainId))) return false
    } catch (error) {
      this.#log.warn({ err: error }, 'indexer could not ask for the chain lock')
      return false
    }
    // Another server may have moved the checkpoint while this one was not leading.
    this.#checkpointLoaded = false
    this.#log.info('indexer leads this chain')
    return true
  }

  async #run(): Promise<void> {
    let failures = 0
    while (!this.#stopped) {
      if (!(await this.#lead())) {
        // A standby asks again a few polls later, not more than every INDEXER_LEADER_RETRY_MS.
        await this.#sleep(Math.min(INDEXER_LEADER_RETRY_MS, 5 * this.#options.pollIntervalMs))
        continue
      }
      try {
        const more = await this.step()
        failures = 0
        if (!more) await this.#sleep(this.#options.pollIntervalMs)
      } catch (error) {
        this.#prefetched = undefined
        if (this.#stopped) break
        if (error instanceof ChainMovedError) {
          this.#log.debug({ reason: error.message }, 'chain moved while read; reading again')
          await this.#sleep(INDEXER_CHAIN_MOVED_RETRY_MS)
          continue
        }
        failures++
        const delay = Math.min(INDEXER_RETRY_MIN_MS * 2 ** (failures - 1), INDEXER_RETRY_MAX_MS)
        this.#log.warn({ err: error, retryInMs: delay }, 'indexer step failed')
        await this.#sleep(delay)
      }
    }
  }
}
