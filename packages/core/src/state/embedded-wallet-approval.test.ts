import { afterEach, describe, expect, it } from 'vitest'
import {
  embeddedWalletStore,
  resetEmbeddedWallet,
  setFrameApproval,
  setFrameArea,
} from './embedded-wallet'

afterEach(() => resetEmbeddedWallet())

describe('the frame approval', () => {
  it('keeps the view’s area once settled, for a next request while the view still waits', () => {
    const area = { top: 10, left: 20, width: 300, height: 420 }
    setFrameArea(area)
    setFrameApproval({ id: 'a1', method: 'eth_sendTransaction' })
    setFrameApproval(undefined)
    expect(embeddedWalletStore.get()).toMatchObject({ approval: undefined, frameArea: area })
    // A swap's second transaction: the frame has its area at once.
    setFrameApproval({ id: 'a2', method: 'eth_sendTransaction' })
    expect(embeddedWalletStore.get().frameArea).toEqual(area)
    // The view gone takes the area back itself.
    setFrameArea(undefined)
    expect(embeddedWalletStore.get().frameArea).toBeUndefined()
  })
})
