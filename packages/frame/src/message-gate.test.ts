import { FrameRequest } from '@portico/protocol/embedded-wallet-frame'
import { describe, expect, it } from 'vitest'
import { createMessageGate } from './message-gate'

const PAGE = 'http://localhost:5173'
const parent = { name: 'the host page' }
const request = { type: 'GET_USER', id: 'req-1', payload: {} }

describe('the frame message gate', () => {
  const accept = createMessageGate(PAGE, parent, FrameRequest)

  it('lets a valid request from the host page through', () => {
    expect(accept({ data: request, origin: PAGE, source: parent })).toEqual({ request })
  })

  it('ignores the same request from a foreign origin', () => {
    expect(accept({ data: request, origin: 'http://evil.test', source: parent })).toBeUndefined()
    // A sibling port on the same host is another origin.
    expect(
      accept({ data: request, origin: 'http://localhost:5174', source: parent }),
    ).toBeUndefined()
  })

  it('ignores a request from the right origin but another window (a popup, a sibling frame)', () => {
    expect(accept({ data: request, origin: PAGE, source: { name: 'other' } })).toBeUndefined()
    expect(accept({ data: request, origin: PAGE, source: null })).toBeUndefined()
  })

  it('names the host page’s own request that fails the schema, so it is refused at once', () => {
    const malformed = [
      { type: 'GET_USER', id: 'x', payload: {}, extra: 1 },
      { type: 'CONNECT_OTP', id: 'x', payload: { otp: '12345a' } },
      { type: 'CONNECT_EMAIL', id: 'x', payload: { email: 'not an address' } },
      { type: 'RPC_REQUEST', id: 'x', payload: { method: 'eth_call', params: [] } },
      { type: 'SWITCH_NETWORK', id: 'x', payload: { chainId: '1' } },
    ]
    for (const data of malformed)
      expect(accept({ data, origin: PAGE, source: parent })).toEqual({
        malformed: { type: data.type, id: 'x' },
      })
    // From anywhere else, the same message is still dropped without a word.
    for (const data of malformed)
      expect(accept({ data, origin: 'http://evil.test', source: parent })).toBeUndefined()
  })

  it('ignores what names no known request or no id', () => {
    const ignored = [
      'GET_USER',
      { type: 'GET_USER', payload: {} },
      { type: 'GET_USER', id: '', payload: {} },
      { type: 'GET_USER', id: 7, payload: {} },
      { type: 'EXPORT_EVERYTHING', id: 'x', payload: {} },
      { type: 'toString', id: 'x', payload: {} },
    ]
    for (const data of ignored)
      expect(accept({ data, origin: PAGE, source: parent })).toBeUndefined()
    expect(ignored).toHaveLength(6)
  })
})
