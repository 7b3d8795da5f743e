import { describe, expect, it } from 'vitest'
import { SignatureDeclinedError } from '../siwx/siwx-errors'
import { InsufficientBalanceError } from '../state/send'
import { PorticoError } from './portico-error'
import { shortMessageOf } from './short-message-of'
import { DisconnectError } from './wallet-errors'

describe('PorticoError', () => {
  it("keeps the spec's words as both short message and message when no details are given", () => {
    const error = new InsufficientBalanceError()
    expect(error).toBeInstanceOf(PorticoError)
    expect(error.shortMessage).toBe('Insufficient funds')
    expect(error.message).toBe('Insufficient funds')
    expect(error.name).toBe('InsufficientBalanceError')
  })

  it('carries the wrapped failure as cause and its message as details, message untouched', () => {
    const cause = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const error = new SignatureDeclinedError(cause)
    expect(error.cause).toBe(cause)
    expect(error.details).toBe('User rejected the request.')
    expect(error.message).toBe('Signature declined')
    expect(error.code).toBe('SIWX_SIGNATURE_DECLINED')
  })

  it('takes the short message of a wrapped PorticoError rather than its composed message', () => {
    const inner = new PorticoError('Request failed', { details: 'HTTP 502' })
    expect(inner.message).toBe('Request failed\n\nDetails: HTTP 502')
    expect(new DisconnectError(inner).details).toBe('Request failed')
  })

  it('gives views the short message, falling back to a plain error message', () => {
    expect(shortMessageOf(new PorticoError('Signature declined', { details: 'x' }))).toBe(
      'Signature declined',
    )
    expect(shortMessageOf(new Error('boom'))).toBe('boom')
    expect(shortMessageOf('not an error')).toBeUndefined()
  })
})
