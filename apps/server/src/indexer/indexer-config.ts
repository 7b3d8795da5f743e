// The indexer's configuration and the spam-collection list, read from the environment or from
// programmatic overrides. Readers throw RangeError; config.ts turns that into a ConfigError.
import type { CaipNetworkId } from '@portico/protocol/caip-grammar'
import { parseChainId } from '../chains/chain-id'
import { checkInteger, readInteger } from '../config-integer'
import { INDEXER_BATCH_BLOCKS, INDEXER_POLL_INTERVAL_MS } from './indexer-constants'

export interface IndexerConfig {
  /** Follow the configured EVM chains (on by default). */
  enabled: boolean
  /** Wait between looks at the chain head once caught up. */
  pollIntervalMs: number
  /** Most blocks read and stored in one batch. */
  batchBlocks: number
  /**
   * First block indexed per chain (CAIP-2 id -> block number); a chain not named starts at
   * genesis. Read only while a chain has no checkpoint: once indexing began it goes on from
   * there.
   */
  startBlocks: Readonly<Record<CaipNetworkId, number>>
}

const START_BLOCKS = 'PORTICO_INDEXER_START_BLOCKS'
const START_BLOCKS_SHAPE = '{"<chain id>": <block number>, ...}'

function parseStartBlocks(json: string | undefined): Record<string, unknown> {
  if (json === undefined || json.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    throw new RangeError(`${START_BLOCKS} must be JSON: ${START_BLOCKS_SHAPE}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new RangeError(`${START_BLOCKS} must be a JSON object: ${START_BLOCKS_SHAPE}`)
  }
  return parsed as Record<string, unknown>
}

/**
 * Start blocks keyed by chain id as an operator writes it (`1` or `eip155:1`), checked against
 * the chains the server follows: an unknown chain is a typo that would otherwise index a
 * public chain from genesis without a word.
 */
function checkStartBlocks(
  given: Readonly<Record<string, unknown>>,
  chains: readonly CaipNetworkId[],
): Record<CaipNetworkId, number> {
  const startBlocks: Record<CaipNetworkId, number> = {}
  for (const [key, block] of Object.entries(given)) {
    let chain: CaipNetworkId
    try {
      chain = parseChainId(key)
    } catch {
      throw new RangeError(`${START_BLOCKS}: ${JSON.stringify(key)} is not an EVM chain id`)
    }
    if (!chain.startsWith('eip155:')) {
      throw new RangeError(`${START_BLOCKS}: ${JSON.stringify(key)} is not an EVM chain id`)
    }
    if (!chains.includes(chain)) {
      throw new RangeError(
        `${START_BLOCKS} names chain ${key}, which is not among the chains in PORTICO_CHAINS`,
      )
    }
    if (typeof block !== 'number' || !Number.isSafeInteger(block) || block < 0) {
      throw new RangeError(
        `${START_BLOCKS}: the start block of chain ${key} must be a block number (an integer from 0), got ${JSON.stringify(block)}`,
      )
    }
    startBlocks[chain] = block
  }
  return startBlocks
}

/**
 * Environment: PORTICO_INDEXER (1; 0 turns it off), PORTICO_INDEXER_POLL_MS (1000),
 * PORTICO_INDEXER_BATCH_BLOCKS (200), PORTICO_INDEXER_START_BLOCKS (none: genesis); `chains`
 * are the chains the server is configured with.
 */
export function readIndexerConfig(
  env: NodeJS.ProcessEnv,
  overrides: Partial<IndexerConfig> = {},
  chains: readonly CaipNetworkId[] = [],
): IndexerConfig {
  const flag = env.PORTICO_INDEXER?.trim()
  if (flag !== undefined && flag !== '' && flag !== '0' && flag !== '1') {
    throw new RangeError('PORTICO_INDEXER must be 0 or 1')
  }
  const { startBlocks = parseStartBlocks(env.PORTICO_INDEXER_START_BLOCKS), ...given } = overrides
  const config: Omit<IndexerConfig, 'startBlocks'> = {
    enabled: flag !== '0',
    pollIntervalMs:
      readInteger('PORTICO_INDEXER_POLL_MS', env.PORTICO_INDEXER_POLL_MS, 10, 3_600_000) ??
      INDEXER_POLL_INTERVAL_MS,
    batchBlocks:
      readInteger('PORTICO_INDEXER_BATCH_BLOCKS', env.PORTICO_INDEXER_BATCH_BLOCKS, 1, 10_000) ??
      INDEXER_BATCH_BLOCKS,
  }
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) Object.assign(config, { [key]: value })
  }
  checkInteger('indexer.pollIntervalMs', config.pollIntervalMs, 10, 3_600_000)
  checkInteger('indexer.batchBlocks', config.batchBlocks, 1, 10_000)
  return { ...config, startBlocks: checkStartBlocks(startBlocks, chains) }
}

const EVM_CAIP10 = /^eip155:([1-9][0-9]{0,15}):(0x[0-9a-fA-F]{40})$/

/**
 * NFT collections whose transfers the history flags as spam, as CAIP-10 ids
 * (`eip155:1:0x0C8E...`); from a list, or PORTICO_SPAM_COLLECTIONS (comma-separated).
 * Given back lowercase.
 */
export function readSpamCollections(value: readonly string[] | string | undefined): string[] {
  const list = typeof value === 'string' ? value.split(',') : (value ?? [])
  return list
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => {
      const match = EVM_CAIP10.exec(entry)
      if (!match) {
        throw new RangeError(
          `Spam collection ${JSON.stringify(entry)} is not a CAIP-10 id like eip155:1:0x...`,
        )
      }
      return `eip155:${match[1]}:${(match[2] as string).toLowerCase()}`
    })
}
