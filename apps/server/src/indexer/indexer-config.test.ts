// Reading the indexer's start blocks from the environment: the chain ids an operator writes
// (plain or CAIP-2), genesis where none is given, and each mistake refused with its reason.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../config'

const CHAINS = JSON.stringify({ 1: 'http://127.0.0.1:8545', 8453: 'http://127.0.0.1:8546' })

function startBlocks(value: string | undefined) {
  return loadConfig({ PORTICO_CHAINS: CHAINS, PORTICO_INDEXER_START_BLOCKS: value }).indexer
    .startBlocks
}

describe('PORTICO_INDEXER_START_BLOCKS', () => {
  it('is empty (every chain from genesis) when not set', () => {
    expect(startBlocks(undefined)).toEqual({})
    expect(startBlocks(' ')).toEqual({})
  })

  it('takes plain and CAIP-2 chain ids, block 0 included', () => {
    expect(startBlocks('{"1": 19000000, "eip155:8453": 0}')).toEqual({
      'eip155:1': 19_000_000,
      'eip155:8453': 0,
    })
  })

  it.each([
    [
      '[1]',
      'PORTICO_INDEXER_START_BLOCKS must be a JSON object: {"<chain id>": <block number>, ...}',
    ],
    ['{"1": 5', 'PORTICO_INDEXER_START_BLOCKS must be JSON: {"<chain id>": <block number>, ...}'],
    ['{"mainnet": 5}', 'PORTICO_INDEXER_START_BLOCKS: "mainnet" is not an EVM chain id'],
    [
      '{"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": 5}',
      'PORTICO_INDEXER_START_BLOCKS: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp" is not an EVM chain id',
    ],
    [
      '{"eip155:10": 5}',
      'PORTICO_INDEXER_START_BLOCKS names chain eip155:10, which is not among the chains in PORTICO_CHAINS',
    ],
    [
      '{"1": "5"}',
      'PORTICO_INDEXER_START_BLOCKS: the start block of chain 1 must be a block number (an integer from 0), got "5"',
    ],
    [
      '{"1": 1.5}',
      'PORTICO_INDEXER_START_BLOCKS: the start block of chain 1 must be a block number (an integer from 0), got 1.5',
    ],
    [
      '{"8453": -3}',
      'PORTICO_INDEXER_START_BLOCKS: the start block of chain 8453 must be a block number (an integer from 0), got -3',
    ],
  ])('refuses %s', (value, message) => {
    expect(() => startBlocks(value)).toThrow(new ConfigError(message))
  })

  it('checks a start block given in code as it checks the environment', () => {
    expect(() =>
      loadConfig({ PORTICO_CHAINS: CHAINS }, { indexer: { startBlocks: { 'eip155:10': 1 } } }),
    ).toThrow(/names chain eip155:10, which is not among the chains/)
  })
})
