// The wallet's settings: the build's env, then the page's query string over it.
import { DEV_ACCOUNTS } from '@portico/devnet/accounts'
import { describe, expect, it } from 'vitest'
import { DEFAULT_PROJECT_ID, readWalletConfig, WalletConfigError } from './config'

const env = {
  VITE_PORTICO_RELAY_URL: 'ws://localhost:8787/relay',
  VITE_PORTICO_RPC_URLS: JSON.stringify({
    1: 'http://127.0.0.1:8545',
    8453: 'http://127.0.0.1:8546',
  }),
}

describe('readWalletConfig', () => {
  it('takes the relay and chains from the build and signs with dev account #0', () => {
    expect(readWalletConfig(env, '')).toEqual({
      relayUrl: 'ws://localhost:8787/relay',
      projectId: DEFAULT_PROJECT_ID,
      rpcUrls: { 1: 'http://127.0.0.1:8545', 8453: 'http://127.0.0.1:8546' },
      accountIndex: 0,
      privateKey: DEV_ACCOUNTS[0]?.privateKey,
    })
  })

  it('lets the query string pick the account, the relay and one chain’s RPC', () => {
    const config = readWalletConfig(
      env,
      `?account=2&relayUrl=ws://127.0.0.1:9999/relay&rpcUrls=${encodeURIComponent('{"8453":"http://127.0.0.1:7777"}')}`,
    )
    expect(config.privateKey).toBe(DEV_ACCOUNTS[2]?.privateKey)
    expect(config.relayUrl).toBe('ws://127.0.0.1:9999/relay')
    expect(config.rpcUrls).toEqual({ 1: 'http://127.0.0.1:8545', 8453: 'http://127.0.0.1:7777' })
  })

  it('falls back to the server’s relay and RPC proxy when only its URL is known', () => {
    const config = readWalletConfig({ VITE_PORTICO_API_URL: 'http://127.0.0.1:8787' }, '')
    expect(config.relayUrl).toBe('ws://127.0.0.1:8787/relay')
    expect(config.rpcUrls[8453]).toBe(
      `http://127.0.0.1:8787/v1?chainId=eip155:8453&projectId=${DEFAULT_PROJECT_ID}`,
    )
  })

  it('refuses an account index that is not a dev account', () => {
    expect(() => readWalletConfig(env, '?account=10')).toThrow(WalletConfigError)
    expect(() => readWalletConfig(env, '?account=x')).toThrow(WalletConfigError)
  })
})
