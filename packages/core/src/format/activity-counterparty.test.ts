import type { HistoryTransfer } from '@portico/protocol/history'
import { describe, expect, it } from 'vitest'
import type { TransactionHistoryItem } from '../api/blockchain'
import { activityCounterparty } from './activity-counterparty'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC = '0x8ce361602B935680E8DeC218b820ff5056BeB7af'

function item(
  operationType: TransactionHistoryItem['metadata']['operationType'],
  sentTo: string,
  transfers: Partial<HistoryTransfer>[],
): TransactionHistoryItem {
  return {
    id: `eip155:1:0x${'ab'.repeat(32)}`,
    metadata: {
      operationType,
      minedAt: '2026-12-07T09:00:00.000Z',
      chain: 'eip155:1',
      status: 'confirmed',
      sentFrom: ME.toLowerCase(),
      sentTo,
    },
    transfers: transfers.map((transfer) => ({
      direction: 'out',
      quantity: { numeric: '0.01' },
      value: null,
      price: null,
      ...transfer,
    })),
  }
}

describe('the other side of an Activity row', () => {
  it('names who a send went to: the transfer’s recipient, not the token contract', () => {
    expect(
      activityCounterparty(
        item('send', USDC, [{ direction: 'out', sender: ME, recipient: FRIEND }]),
      ),
    ).toBe('to 0x7099…79C8')
  })

  it('names who a receive came from', () => {
    expect(
      activityCounterparty(
        item('receive', ME, [{ direction: 'in', sender: FRIEND, recipient: ME }]),
      ),
    ).toBe('from 0x7099…79C8')
  })

  it('falls back to the transaction’s own to where the transfer does not say', () => {
    expect(activityCounterparty(item('send', FRIEND, [{ direction: 'out' }]))).toBe(
      'to 0x7099…79C8',
    )
  })

  it('says the counterparty’s name when it has one, its address otherwise', () => {
    const nameOf = (address: string) => (address === FRIEND ? 'friend.portico.id' : undefined)
    expect(
      activityCounterparty(
        item('send', USDC, [{ direction: 'out', sender: ME, recipient: FRIEND }]),
        nameOf,
      ),
    ).toBe('to friend.portico.id')
    expect(
      activityCounterparty(item('receive', ME, [{ direction: 'in', sender: USDC }]), nameOf),
    ).toBe('from 0x8ce3…B7af')
  })

  it('names nobody for a swap or a mint', () => {
    expect(activityCounterparty(item('trade', USDC, [{ direction: 'out' }]))).toBeUndefined()
    expect(activityCounterparty(item('mint', USDC, [{ direction: 'in' }]))).toBeUndefined()
  })
})
