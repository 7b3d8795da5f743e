// One-click sign-in over WalletConnect, the part the modal owns: when it is used, the request
// it makes of the wallet, the 'Authenticating...' toast, and the session stored from the
// wallet's cacao, accepted by the real server. The wallet side is played by a viem account
// signing the text WalletConnect's own formatMessage writes, as a WalletKit wallet does.

import { DEV_PROJECT_ID } from '@portico/test-kit/server'
import { serverPerFile } from '@portico/test-kit/vitest'
import type UniversalProvider from '@walletconnect/universal-provider'
import { formatMessage } from '@walletconnect/utils'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { base, mainnet, solana } from '../networks'
import { hideToast, toastStore } from '../state/toast'
import { clearMemoryFallback } from '../storage/fallback-storage'
import { createServerSiwx } from './create-server-siwx'
import {
  AUTHENTICATING_MESSAGE,
  type OneClickCacao,
  type OneClickProvider,
  oneClickPairing,
  shouldUseOneClick,
  signInWithWalletProvider,
} from './one-click'

describe('shouldUseOneClick', () => {
  it('is used when every requested chain is eip155', () => {
    expect(shouldUseOneClick([mainnet, base])).toBe(true)
    expect(shouldUseOneClick([mainnet])).toBe(true)
  })

  it('is skipped when any requested chain is another namespace, or none is requested', () => {
    expect(shouldUseOneClick([mainnet, solana])).toBe(false)
    expect(shouldUseOneClick([solana])).toBe(false)
    expect(shouldUseOneClick([])).toBe(false)
  })
})

describe('signInWithWalletProvider', () => {
  const server = serverPerFile()
  const alice = privateKeyToAccount(generatePrivateKey())
  const page = { host: 'localhost:3000', href: 'http://localhost:3000/' }

  beforeEach(() => {
    hideToast()
    toastStore.reset()
  })
  afterEach(() => {
    clearMemoryFallback()
  })

  // As the Portico client hands it its own server.
  const siwx = () =>
    createServerSiwx({ location: page }).forServer({
      apiUrl: server().url,
      projectId: DEV_PROJECT_ID,
    })

  /** A wallet that signs the request for its first chain, as WalletKit's one-click does. */
  function wallet(onRequest?: () => void): OneClickProvider & { requests: unknown[] } {
    const requests: unknown[] = []
    return {
      requests,
      async authenticate(params) {
        requests.push(params)
        onRequest?.()
        const iss = `did:pkh:${params.chains[0]}:${alice.address}`
        const p: OneClickCacao['p'] = {
          iss,
          domain: params.domain,
          aud: params.uri,
          version: '1',
          nonce: params.nonce,
          ...(params.iat ? { iat: params.iat } : {}),
          ...(params.exp ? { exp: params.exp } : {}),
          ...(params.statement ? { statement: params.statement } : {}),
        }
        const signature = await alice.signMessage({ message: formatMessage(p, iss) })
        return { auths: [{ h: { t: 'caip122' }, p, s: { t: 'eip191', s: signature } }] }
      },
      formatMessage: (payload, iss) => formatMessage(payload, iss),
    }
  }

  it('asks the wallet to sign in on every requested chain and stores the session', async () => {
    let toastWhileAsking: unknown
    const provider = wallet(() => {
      toastWhileAsking = { ...toastStore.get() }
    })
    const config = siwx()
    const session = await signInWithWalletProvider({
      siwx: config,
      requestedNetworks: [mainnet, base],
      provider,
    })
    expect(provider.requests).toEqual([
      expect.objectContaining({
        chains: ['eip155:1', 'eip155:8453'],
        domain: 'localhost:3000',
        uri: 'http://localhost:3000/',
        nonce: expect.stringMatching(/^[A-Za-z0-9]{8,}$/),
        statement: 'Please sign with your account',
      }),
    ])
    expect(toastWhileAsking).toMatchObject({
      message: AUTHENTICATING_MESSAGE,
      variant: 'loading',
      open: true,
      autoClose: false,
    })
    expect(toastStore.get().open).toBe(false)
    expect(session?.data).toMatchObject({ accountAddress: alice.address, chainId: 'eip155:1' })
    expect(session?.cacao).toBeDefined()
    const stored = await config.getSessions('eip155:1', alice.address)
    expect(stored).toEqual([expect.objectContaining({ message: session?.message })])
  })

  it('is skipped, asking the wallet nothing, when a requested chain is not eip155', async () => {
    const provider = wallet()
    const session = await signInWithWalletProvider({
      siwx: siwx(),
      requestedNetworks: [mainnet, solana],
      provider,
    })
    expect(session).toBeUndefined()
    expect(provider.requests).toEqual([])
    expect(toastStore.get().open).toBe(false)
  })

  it('plugs into the WalletConnect connector as its pairing, with the SDK message format', async () => {
    const wc = wallet()
    const pairing = oneClickPairing({
      siwx: siwx(),
      requestedNetworks: [mainnet, base],
    })
    // The connector passes its UniversalProvider: the pairing takes one as it is.
    const takesUniversalProvider: (provider: UniversalProvider) => Promise<unknown> = pairing
    expect(takesUniversalProvider).toBe(pairing)
    const session = await pairing({
      authenticate: (params) =>
        wc.authenticate(params).then((answer) => ({ auths: answer?.auths })),
      client: { formatAuthMessage: ({ request, iss }) => formatMessage(request, iss) },
    })
    expect(session?.data.accountAddress).toBe(alice.address)
    expect(wc.requests).toHaveLength(1)
  })

  it('takes the toast away when the wallet declines', async () => {
    const provider = wallet()
    provider.authenticate = vi.fn(async () => {
      throw Object.assign(new Error('User rejected'), { code: 4001 })
    })
    await expect(
      signInWithWalletProvider({
        siwx: siwx(),
        requestedNetworks: [mainnet],
        provider,
      }),
    ).rejects.toThrow('User rejected')
    expect(toastStore.get().open).toBe(false)
  })
})
