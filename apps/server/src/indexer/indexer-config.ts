// The indexer's configuration and the spam-collection list, read from the environment or from
// programmatic overrides. Readers throw RangeError; config.ts turns that into a ConfigError.
import { INDEXER_BATCH_BLOCKS, INDEXER_POLL_INTERVAL_MS } from './indexer-constants'

export interface IndexerConfig {
  /** Follow the configured EVM chains (on by default). */
  enabled: boolean
  /** Wait between looks at the chain head once caught up. */
  pollIntervalMs: number
  /** Most blocks read and stored in one batch. */
  batchBlocks: number
}

function readInteger(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined || value.trim() === '') return undefined
  const number = Number(value)
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`)
  }
  return number
}

function checkInteger(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}`)
  }
  return value
}

/**
 * Environment: PORTICO_INDEXER (1; 0 turns it off), PORTICO_INDEXER_POLL_MS (1000),
 * PORTICO_INDEXER_BATCH_BLOCKS (200).
 */
export function readIndexerConfig(
  env: NodeJS.ProcessEnv,
  overrides: Partial<IndexerConfig> = {},
): IndexerConfig {
  const flag = env.PORTICO_INDEXER?.trim()
  if (flag !== undefined && flag !== '' && flag !== '0' && flag !== '1') {
    throw new RangeError('PORTICO_INDEXER must be 0 or 1')
  }
  const config: IndexerConfig = {
    enabled: flag !== '0',
    pollIntervalMs:
      readInteger('PORTICO_INDEXER_POLL_MS', env.PORTICO_INDEXER_POLL_MS, 10, 3_600_000) ??
      INDEXER_POLL_INTERVAL_MS,
    batchBlocks:
      readInteger('PORTICO_INDEXER_BATCH_BLOCKS', env.PORTICO_INDEXER_BATCH_BLOCKS, 1, 10_000) ??
      INDEXER_BATCH_BLOCKS,
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) Object.assign(config, { [key]: value })
  }
  checkInteger('indexer.pollIntervalMs', config.pollIntervalMs, 10, 3_600_000)
  checkInteger('indexer.batchBlocks', config.batchBlocks, 1, 10_000)
  return config
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
