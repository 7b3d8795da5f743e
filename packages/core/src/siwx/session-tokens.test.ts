import { afterEach, describe, expect, it } from 'vitest'
import { readStored } from '../storage'
import { clearMemoryFallback, writeRaw } from '../storage/fallback-storage'
import {
  forgetAllSessionTokens,
  forgetSessionToken,
  keepSessionToken,
  readSessionTokens,
  SIWX_SESSION_TOKENS_KEY,
  sessionTokenOf,
} from './session-tokens'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const bob = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

afterEach(() => clearMemoryFallback())

describe('session tokens', () => {
  it('keeps one token per account and chain, whatever the address case on eip155', () => {
    keepSessionToken('eip155:1', alice, 'token-a')
    keepSessionToken('eip155:8453', alice, 'token-base')
    expect(sessionTokenOf('eip155:1', alice.toLowerCase())).toBe('token-a')
    expect(sessionTokenOf('eip155:8453', alice)).toBe('token-base')
    expect(sessionTokenOf('eip155:1', bob)).toBeUndefined()
    expect(readStored('sessionToken')).toBe('token-base')
  })

  it('forgets one account, and the spec key when it held that token', () => {
    keepSessionToken('eip155:1', alice, 'token-a')
    keepSessionToken('eip155:1', bob, 'token-b')
    forgetSessionToken('eip155:1', alice)
    expect(readStored('sessionToken')).toBe('token-b')
    forgetSessionToken('eip155:1', bob)
    expect(readStored('sessionToken')).toBeUndefined()
    expect(readSessionTokens()).toEqual({})
  })

  it('forgets them all at once, handing them back', () => {
    keepSessionToken('eip155:1', alice, 'token-a')
    keepSessionToken('eip155:1', bob, 'token-b')
    expect(forgetAllSessionTokens().sort()).toEqual(['token-a', 'token-b'])
    expect(readSessionTokens()).toEqual({})
    expect(readStored('sessionToken')).toBeUndefined()
  })

  it('reads a stored value of another shape as no tokens', () => {
    writeRaw(SIWX_SESSION_TOKENS_KEY, 'not json')
    expect(readSessionTokens()).toEqual({})
    writeRaw(SIWX_SESSION_TOKENS_KEY, '["token"]')
    expect(readSessionTokens()).toEqual({})
    writeRaw(
      SIWX_SESSION_TOKENS_KEY,
      JSON.stringify({ 'eip155:1:0xabc': 7, 'eip155:1:0xdef': 't' }),
    )
    expect(readSessionTokens()).toEqual({ 'eip155:1:0xdef': 't' })
  })
})
