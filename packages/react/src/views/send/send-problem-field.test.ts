import { sendDraftError, type TokenBalance } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { fieldOfSendProblem } from './send-problem-field'

const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
  quantity: { decimals: '18', numeric: '1.5' },
  iconUrl: '',
}
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The field the Send view marks aria-invalid for this draft. */
function fieldFor(draft: {
  sendTokenAmount?: string
  receiverAddress?: string
  token?: TokenBalance
}) {
  const full = {
    token: undefined,
    sendTokenAmount: undefined,
    receiverAddress: undefined,
    ...draft,
  }
  return fieldOfSendProblem(sendDraftError(full, 'eip155'), full)
}

describe('the field a send problem marks', () => {
  it('marks the receiver for a wrong checksum or a malformed address', () => {
    expect(
      fieldFor({
        token: eth,
        sendTokenAmount: '1',
        receiverAddress: bob.replace('C51812', 'c51812'),
      }),
    ).toBe('receiver')
    expect(fieldFor({ token: eth, sendTokenAmount: '1', receiverAddress: '0x12' })).toBe('receiver')
  })

  it('marks the amount for a bad amount or more than the balance, and the empty one of the two', () => {
    expect(fieldFor({ token: eth, sendTokenAmount: '2', receiverAddress: bob })).toBe('amount')
    expect(fieldFor({ token: eth, sendTokenAmount: 'x', receiverAddress: bob })).toBe('amount')
    expect(fieldFor({ token: eth, receiverAddress: bob })).toBe('amount')
    expect(fieldFor({ token: eth, sendTokenAmount: '1' })).toBe('receiver')
  })

  it('marks the token when none is chosen, and nothing for a valid draft', () => {
    expect(fieldFor({ sendTokenAmount: '1', receiverAddress: bob })).toBe('token')
    expect(fieldFor({ token: eth, sendTokenAmount: '1', receiverAddress: bob })).toBeUndefined()
  })
})
