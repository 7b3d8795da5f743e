// What the approval card shows for a request, before anything is signed.

import { toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeMessage, describeRequest } from './requests'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

describe('describeRequest', () => {
  it('decodes a personal_sign message to text, whichever order its params come in', () => {
    const message = 'Hello\nPortico'
    for (const params of [
      [toHex(message), address],
      [address, toHex(message)],
    ]) {
      expect(describeRequest({ method: 'personal_sign', params }, 'eip155:1', address)).toEqual({
        kind: 'message',
        method: 'personal_sign',
        message,
      })
    }
  })

  it('keeps bytes that are not text as hex', () => {
    expect(decodeMessage('0x00ff10')).toBe('0x00ff10')
  })

  it('shows a transaction’s receiver, value in ETH and chain', () => {
    expect(
      describeRequest(
        { method: 'eth_sendTransaction', params: [{ to: address, value: '0xde0b6b3a7640000' }] },
        'eip155:1',
        address,
      ),
    ).toEqual({
      kind: 'transaction',
      method: 'eth_sendTransaction',
      to: address,
      value: '1 ETH',
      chain: 'Ethereum (eip155:1)',
    })
  })

  it('still describes a malformed request, so it can be rejected', () => {
    expect(
      describeRequest(
        { method: 'eth_signTypedData_v4', params: [address, '{'] },
        'eip155:1',
        address,
      ),
    ).toEqual({
      kind: 'other',
      method: 'eth_signTypedData_v4',
      params: JSON.stringify([address, '{'], null, 2),
    })
  })
})
