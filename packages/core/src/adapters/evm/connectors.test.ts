import { type CreateConnectorFn, createConnector } from '@wagmi/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { mainnet } from '../../networks'
import { connectionStore } from '../../state/connection'
import { clearMemoryFallback } from '../../storage/fallback-storage'
import { listConnectors, toConnector } from './connectors'
import { createEvmAdapter, type EvmAdapter } from './evm-adapter'
import { createEvmConfig } from './wagmi-config'

const metaMaskIcon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>'
const rabbyIcon = 'data:image/png;base64,iVBORw0KGgo='

interface WalletInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** A page with a browser wallet extension: a window that speaks EIP-6963. */
function browserWindow() {
  const page = new EventTarget()
  vi.stubGlobal('window', page)
  /** The extension announces itself now and whenever the page asks again. */
  function announce(info: WalletInfo) {
    const provider = { request: async () => null }
    const event = () =>
      new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) })
    page.dispatchEvent(event())
    page.addEventListener('eip6963:requestProvider', () => page.dispatchEvent(event()))
  }
  return { announce }
}

/** A connector the host passes itself; nothing here connects, only its description matters. */
function hostConnector(fields: {
  id: string
  name: string
  type: string
  rdns?: string | readonly string[]
  icon?: string
}): CreateConnectorFn {
  const unused = () => Promise.reject(new Error('not used in this test'))
  return createConnector(() => ({
    ...fields,
    connect: unused,
    disconnect: unused,
    getAccounts: unused,
    getChainId: unused,
    getProvider: unused,
    isAuthorized: async () => false,
    onAccountsChanged() {},
    onChainChanged() {},
    onDisconnect() {},
  }))
}

function configWith(connectors: CreateConnectorFn[] = []) {
  return createEvmConfig({
    networks: [mainnet],
    apiUrl: 'http://127.0.0.1:1',
    projectId: 'p',
    storage: null,
    connectors,
  })
}

const metaMask: WalletInfo = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'MetaMask',
  icon: metaMaskIcon,
  rdns: 'io.metamask',
}
const rabby: WalletInfo = {
  uuid: '9f5b8b46-4a46-4a1c-9f1b-0b7b0b0b0b0b',
  name: 'Rabby Wallet',
  icon: rabbyIcon,
  rdns: 'io.rabby',
}

let adapter: EvmAdapter | undefined

beforeEach(() => {
  clearMemoryFallback()
  connectionStore.reset()
})

afterEach(() => {
  adapter?.destroy()
  adapter = undefined
  vi.unstubAllGlobals()
})

describe('wallets announced over EIP-6963', () => {
  it('are listed as ANNOUNCED with their name, rdns and icon', () => {
    browserWindow().announce(metaMask)
    const [entry, ...others] = listConnectors(configWith().connectors)
    expect(others).toEqual([])
    expect(entry).toEqual({
      id: 'io.metamask',
      name: 'MetaMask',
      type: 'ANNOUNCED',
      chain: 'eip155',
      imageUrl: metaMaskIcon,
      info: { rdns: 'io.metamask' },
    })
  })

  it('are listed once per rdns, even when a wallet announced itself twice', () => {
    const page = browserWindow()
    page.announce(metaMask)
    page.announce({ ...metaMask, uuid: 'a0b1c2d3-0000-4000-8000-000000000001' })
    page.announce(rabby)
    const config = configWith()
    expect(config.connectors).toHaveLength(3)
    expect(listConnectors(config.connectors).map((entry) => entry.info?.rdns)).toEqual([
      'io.metamask',
      'io.rabby',
    ])
  })

  it('join the Connect list when they announce after the page loaded', () => {
    const page = browserWindow()
    page.announce(metaMask)
    adapter = createEvmAdapter(configWith())
    expect(connectionStore.get().connectors.map((entry) => entry.name)).toEqual(['MetaMask'])
    page.announce(rabby)
    expect(connectionStore.get().connectors).toEqual([
      expect.objectContaining({ name: 'MetaMask', type: 'ANNOUNCED' }),
      expect.objectContaining({
        name: 'Rabby Wallet',
        type: 'ANNOUNCED',
        imageUrl: rabbyIcon,
        info: { rdns: 'io.rabby' },
      }),
    ])
  })

  it('do not duplicate a wallet the host already passed as a connector', () => {
    browserWindow().announce(metaMask)
    const config = configWith([
      hostConnector({
        id: 'metaMaskSDK',
        name: 'MetaMask',
        type: 'injected',
        rdns: ['io.metamask', 'io.metamask.mobile'],
      }),
    ])
    expect(listConnectors(config.connectors)).toEqual([
      expect.objectContaining({ id: 'metaMaskSDK', info: { rdns: 'io.metamask' } }),
    ])
  })
})

describe('connectors the host passes', () => {
  it('keep their kind: WalletConnect as WALLET_CONNECT, a plain injected one as INJECTED', () => {
    const config = configWith([
      hostConnector({ id: 'walletConnect', name: 'WalletConnect', type: 'walletConnect' }),
      hostConnector({ id: 'injected', name: 'Browser Wallet', type: 'injected' }),
    ])
    expect(config.connectors.map(toConnector)).toEqual([
      { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' },
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155' },
    ])
  })

  it('list the embedded wallet (e-mail login) as AUTH, never as a wallet row', () => {
    const config = configWith([
      hostConnector({ id: 'embeddedWallet', name: 'Email', type: 'embeddedWallet' }),
    ])
    expect(config.connectors.map(toConnector)).toEqual([
      { id: 'embeddedWallet', name: 'Email', type: 'AUTH', chain: 'eip155' },
    ])
  })

  it('count as two wallets when they share an id but not an rdns', () => {
    const config = configWith([
      hostConnector({ id: 'injected', name: 'Browser Wallet', type: 'injected' }),
      hostConnector({ id: 'io.rabby', name: 'Rabby', type: 'injected', rdns: 'io.rabby' }),
    ])
    expect(listConnectors(config.connectors).map((entry) => entry.type)).toEqual([
      'INJECTED',
      'ANNOUNCED',
    ])
  })
})
