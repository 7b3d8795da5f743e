import { afterEach, describe, expect, it } from 'vitest'
import type { EmbeddedWalletHost } from '../connectors/embedded-wallet/embedded-wallet-setup'
import { routerStore } from '../state/router'
import { readStored } from '../storage'
import { startEmailLogin, startEmailUpdate } from './embedded-wallet-email'

// A host that fails the test if anything reaches for it: a refused address must stop before
// the frame (or its chunk) is asked for anything.
const untouchable = new Proxy({} as EmbeddedWalletHost, {
  get(_target, name) {
    throw new Error(`the embedded wallet was reached for (${String(name)})`)
  },
})

afterEach(() => {
  routerStore.reset()
})

describe('an address that is not an e-mail address', () => {
  it.each(['notanemail', 'a@b', 'name@', '@example.com', 'two words@example.com', ''])(
    '%j is refused in one plain sentence, before anything is sent or stored',
    async (typed) => {
      await expect(startEmailLogin(untouchable, typed)).rejects.toThrow(
        'Enter a full e-mail address, like you@example.com',
      )
      await expect(startEmailUpdate(untouchable, typed)).rejects.toThrow(
        'Enter a full e-mail address, like you@example.com',
      )
      expect(readStored('lastEmailLoginTime')).toBeUndefined()
      expect(routerStore.get().view).toBe('Connect')
    },
  )
})
