import { encodeAbiParameters, type Hex, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  decodeTransferLog,
  type RpcLog,
  TRANSFER_BATCH_TOPIC,
  TRANSFER_SINGLE_TOPIC,
  TRANSFER_TOPIC,
} from './transfer-events'

const token = '0x00000000000000000000000000000000000000aa'
const alice = '0x1111111111111111111111111111111111111111'
const bob = '0x2222222222222222222222222222222222222222'
const operator = '0x3333333333333333333333333333333333333333'

function log(topics: string[], data: string): RpcLog {
  return {
    address: token.toUpperCase().replace('0X', '0x'),
    topics,
    data,
    blockNumber: '0x1',
    blockHash: `0x${'0'.repeat(64)}`,
    transactionHash: `0x${'1'.repeat(64)}`,
    transactionIndex: '0x0',
    logIndex: '0x0',
  }
}

const word = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])
const topic = (address: string) => pad(address as Hex)

describe('decodeTransferLog', () => {
  it('reads an ERC-20 Transfer (value in data)', () => {
    expect(decodeTransferLog(log([TRANSFER_TOPIC, topic(alice), topic(bob)], word(5n)))).toEqual([
      { kind: 'erc20', token, tokenId: null, from: alice, to: bob, amount: 5n, batchIndex: 0 },
    ])
  })

  it('reads an ERC-721 Transfer (token id indexed)', () => {
    const topics = [TRANSFER_TOPIC, topic(alice), topic(bob), word(7n)]
    expect(decodeTransferLog(log(topics, '0x'))).toEqual([
      { kind: 'erc721', token, tokenId: 7n, from: alice, to: bob, amount: 1n, batchIndex: 0 },
    ])
  })

  it('reads ERC-1155 TransferSingle and every entry of a TransferBatch', () => {
    const topics = (event: string) => [event, topic(operator), topic(alice), topic(bob)]
    const single = encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [3n, 4n])
    expect(decodeTransferLog(log(topics(TRANSFER_SINGLE_TOPIC), single))).toEqual([
      { kind: 'erc1155', token, tokenId: 3n, from: alice, to: bob, amount: 4n, batchIndex: 0 },
    ])
    const batch = encodeAbiParameters(
      [{ type: 'uint256[]' }, { type: 'uint256[]' }],
      [
        [1n, 2n],
        [10n, 20n],
      ],
    )
    expect(decodeTransferLog(log(topics(TRANSFER_BATCH_TOPIC), batch))).toEqual([
      { kind: 'erc1155', token, tokenId: 1n, from: alice, to: bob, amount: 10n, batchIndex: 0 },
      { kind: 'erc1155', token, tokenId: 2n, from: alice, to: bob, amount: 20n, batchIndex: 1 },
    ])
  })

  it.each([
    ['another event', [`0x${'ab'.repeat(32)}`, topic(alice), topic(bob)], word(1n)],
    ['a Transfer with its value unindexed and no topics', [TRANSFER_TOPIC], `${word(1n)}`],
    [
      'an ERC-20 Transfer with extra data',
      [TRANSFER_TOPIC, topic(alice), topic(bob)],
      `${word(1n)}${word(2n).slice(2)}`,
    ],
    [
      'an ERC-721 Transfer with data',
      [TRANSFER_TOPIC, topic(alice), topic(bob), word(1n)],
      word(1n),
    ],
    [
      'an address topic with high bits set',
      [TRANSFER_TOPIC, `0x${'f'.repeat(64)}`, topic(bob)],
      word(1n),
    ],
    ['data that is not whole words', [TRANSFER_TOPIC, topic(alice), topic(bob)], '0x1234'],
    [
      'a TransferBatch with arrays of different lengths',
      [TRANSFER_BATCH_TOPIC, topic(operator), topic(alice), topic(bob)],
      encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [[1n, 2n], [1n]]),
    ],
    [
      'a TransferBatch whose offsets point outside',
      [TRANSFER_BATCH_TOPIC, topic(operator), topic(alice), topic(bob)],
      `${word(4096n)}${word(64n).slice(2)}`,
    ],
    [
      'a TransferBatch whose length runs past the data',
      [TRANSFER_BATCH_TOPIC, topic(operator), topic(alice), topic(bob)],
      `${word(64n)}${word(64n).slice(2)}${word(1000n).slice(2)}`,
    ],
  ])('skips %s', (_what, topics, data) => {
    expect(decodeTransferLog(log(topics as string[], data as string))).toEqual([])
  })
})
