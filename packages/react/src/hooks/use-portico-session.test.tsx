import { siwxStore } from '@portico/core'
import { signedMessage } from '@portico/test-kit'
import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { usePorticoSession } from './use-portico-session'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const session = {
  data: {
    accountAddress: alice,
    chainId: 'eip155:1' as const,
    domain: 'localhost',
    uri: 'http://localhost/',
    version: '1',
    nonce: 'abcdefgh',
  },
  message: 'localhost wants you to sign in',
  signature: await signedMessage('localhost wants you to sign in'),
}

afterEach(() => siwxStore.reset())

describe('usePorticoSession', () => {
  it('is signed out until the account has a session, then follows the store', () => {
    const { result } = renderHook(() => usePorticoSession())
    expect(result.current).toMatchObject({ status: 'idle', isSignedIn: false, session: undefined })
    act(() => siwxStore.set({ status: 'unauthenticated', caipAddress: `eip155:1:${alice}` }))
    expect(result.current).toMatchObject({ status: 'unauthenticated', isSignedIn: false })
    act(() => siwxStore.set({ status: 'authenticated', session }))
    expect(result.current).toMatchObject({
      status: 'authenticated',
      isSignedIn: true,
      caipAddress: `eip155:1:${alice}`,
      session,
    })
  })
})
