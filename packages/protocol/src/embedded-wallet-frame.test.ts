import { Check } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import { FrameRequest, FrameSuccess } from './embedded-wallet-frame'
import { FRAME_REQUEST_TYPES, parseFrameMessage } from './embedded-wallet-frame-guard'

describe('frame request schemas', () => {
  it('declares one request schema for each request name the host may send', () => {
    const declared = FrameRequest.anyOf.map((schema) => schema.properties.type.const)
    expect(declared.sort()).toEqual([...FRAME_REQUEST_TYPES].sort())
  })

  it('declares one success answer per request', () => {
    const answers = FrameSuccess.anyOf.map((schema) => schema.properties.type.const)
    expect(answers.sort()).toEqual(FRAME_REQUEST_TYPES.map((type) => `${type}_SUCCESS`).sort())
  })

  it('accepts a well-formed request and refuses extra fields, bad codes and unknown types', () => {
    expect(Check(FrameRequest, { type: 'CONNECT_OTP', id: 'a1', payload: { otp: '123456' } })).toBe(
      true,
    )
    expect(Check(FrameRequest, { type: 'CONNECT_OTP', id: 'a1', payload: { otp: '12345' } })).toBe(
      false,
    )
    expect(Check(FrameRequest, { type: 'SIGN_OUT', id: 'a1', payload: {}, extra: true })).toBe(
      false,
    )
    expect(Check(FrameRequest, { type: 'SIGN_OUT', payload: {} })).toBe(false)
    expect(Check(FrameRequest, { type: 'EXPORT_KEY', id: 'a1', payload: {} })).toBe(false)
    expect(
      Check(FrameRequest, {
        type: 'RPC_REQUEST',
        id: 'r',
        payload: { method: 'personal_sign', params: ['0x68', '0x0'], chainId: 1 },
      }),
    ).toBe(true)
  })
})

describe('parseFrameMessage (the host side guard)', () => {
  it('reads answers and events and refuses anything else', () => {
    expect(parseFrameMessage({ type: 'FRAME_READY', payload: {} })).toEqual({ kind: 'ready' })
    expect(
      parseFrameMessage({ type: 'SIGN_OUT_ERROR', id: 'x', payload: { message: 'no' } })?.kind,
    ).toBe('error')
    expect(parseFrameMessage({ type: 'GET_USER_SUCCESS', id: 'x', payload: {} })?.kind).toBe(
      'success',
    )
    expect(parseFrameMessage({ type: 'GET_USER_SUCCESS', payload: {} })).toBeNull()
    expect(parseFrameMessage({ type: 'STEAL_SUCCESS', id: 'x', payload: {} })).toBeNull()
    expect(parseFrameMessage({ type: 'SIGN_OUT_ERROR', id: 'x', payload: {} })).toBeNull()
    expect(parseFrameMessage('FRAME_READY')).toBeNull()
    expect(
      parseFrameMessage({ type: 'FRAME_APPROVAL_SETTLED', payload: { id: 'x', approved: 'yes' } }),
    ).toBeNull()
    expect(
      parseFrameMessage({
        type: 'FRAME_APPROVAL_REQUESTED',
        payload: { id: 'x', method: 'personal_sign' },
      }),
    ).toEqual({ kind: 'approval-requested', payload: { id: 'x', method: 'personal_sign' } })
  })
})
