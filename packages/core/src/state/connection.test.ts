import { beforeEach, describe, expect, it } from 'vitest'
import { readStored, writeStored } from '../storage'
import { clearMemoryFallback } from '../storage/fallback-storage'
import {
  addRecentWallet,
  type Connector,
  connectionStore,
  connectorsRecentFirst,
  getConnectionStatus,
  isRecentConnector,
  resetConnection,
  setConnectionError,
  setConnectionStatus,
  setConnectors,
  startConnecting,
} from './connection'

const metaMask = { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' }
const rabby = { id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' }
const brave = { id: 'com.brave.wallet', name: 'Brave Wallet', rdns: 'com.brave.wallet' }

function connector(id: string, name: string, rdns?: string): Connector {
  return {
    id,
    name,
    type: rdns ? 'ANNOUNCED' : 'INJECTED',
    chain: 'eip155',
    ...(rdns ? { info: { rdns } } : {}),
  }
}

/** What a page load sees: the store built again from what storage holds. */
function reload() {
  connectionStore.reset()
}

beforeEach(() => {
  clearMemoryFallback()
  connectionStore.reset()
})

describe('connection status', () => {
  it('starts disconnected with no error and nothing pending', () => {
    expect(getConnectionStatus()).toBe('disconnected')
    expect(connectionStore.get()).toMatchObject({
      pendingConnectorId: undefined,
      error: undefined,
      recentWallets: [],
    })
  })

  it('remembers a connected session for the next page load', () => {
    setConnectionStatus('connected')
    expect(readStored('connectionStatus')).toBe('connected')
    setConnectionStatus('disconnected')
    expect(readStored('connectionStatus')).toBe('disconnected')
  })

  it('keeps a stored session when the status reported is the disconnected one it starts in', () => {
    writeStored('connectionStatus', 'connected')
    reload()
    setConnectionStatus('disconnected')
    expect(readStored('connectionStatus')).toBe('connected')
  })

  it('does not store a half-finished attempt, so a reload mid-connect does not resume it', () => {
    setConnectionStatus('connecting')
    setConnectionStatus('reconnecting')
    expect(getConnectionStatus()).toBe('reconnecting')
    expect(readStored('connectionStatus')).toBeUndefined()
  })

  it('clears the last failure when a new attempt starts and remembers its connector', () => {
    setConnectionError({ code: 4001, message: 'Connection declined' })
    startConnecting('io.metamask')
    expect(connectionStore.get()).toMatchObject({
      pendingConnectorId: 'io.metamask',
      error: undefined,
    })
  })
})

describe('recent wallets', () => {
  it('puts the wallet used last first', () => {
    addRecentWallet(metaMask)
    addRecentWallet(rabby)
    expect(connectionStore.get().recentWallets.map((wallet) => wallet.id)).toEqual([
      'io.rabby',
      'io.metamask',
    ])
  })

  it('lists a wallet used twice once, moved to the front', () => {
    addRecentWallet(metaMask)
    addRecentWallet(rabby)
    addRecentWallet({ ...metaMask, name: 'MetaMask (renamed)' })
    expect(connectionStore.get().recentWallets).toEqual([
      { ...metaMask, name: 'MetaMask (renamed)' },
      rabby,
    ])
  })

  it('keeps at most two, dropping the oldest', () => {
    addRecentWallet(metaMask)
    addRecentWallet(rabby)
    addRecentWallet(brave)
    expect(connectionStore.get().recentWallets).toEqual([brave, rabby])
  })

  it('survives a page reload', () => {
    addRecentWallet(metaMask)
    addRecentWallet(rabby)
    reload()
    expect(connectionStore.get().recentWallets).toEqual([rabby, metaMask])
    expect(readStored('recentWallets')).toEqual([rabby, metaMask])
  })

  it('ignores a damaged stored list on reload', () => {
    writeStored('recentWallets', [metaMask])
    // Something else on the origin overwrote the key with the wrong shape.
    writeStored('recentWallets', [{ id: 7 }] as never)
    reload()
    expect(connectionStore.get().recentWallets).toEqual([])
  })
})

describe('connectors on the Connect view', () => {
  const announced = [
    connector('com.brave.wallet', 'Brave Wallet', 'com.brave.wallet'),
    connector('io.metamask', 'MetaMask', 'io.metamask'),
    connector('injected', 'Browser Wallet'),
    connector('io.rabby', 'Rabby', 'io.rabby'),
  ]

  it('keeps the announced order when no wallet was used before', () => {
    setConnectors(announced)
    expect(connectorsRecentFirst().map((entry) => entry.id)).toEqual([
      'com.brave.wallet',
      'io.metamask',
      'injected',
      'io.rabby',
    ])
  })

  it('shows recent wallets first, most recent on top, the rest as announced', () => {
    setConnectors(announced)
    addRecentWallet(metaMask)
    addRecentWallet(rabby)
    expect(connectorsRecentFirst().map((entry) => entry.id)).toEqual([
      'io.rabby',
      'io.metamask',
      'com.brave.wallet',
      'injected',
    ])
  })

  it('recognises a recent wallet by its rdns when its connector id changed', () => {
    setConnectors(announced)
    addRecentWallet({ id: 'metaMaskSDK', name: 'MetaMask', rdns: 'io.metamask' })
    const [first] = connectorsRecentFirst()
    expect(first?.id).toBe('io.metamask')
    expect(isRecentConnector(announced[1] as Connector)).toBe(true)
    expect(isRecentConnector(announced[0] as Connector)).toBe(false)
  })

  it('does not match a wallet without rdns to every connector without rdns', () => {
    setConnectors(announced)
    addRecentWallet({ id: 'walletConnect', name: 'WalletConnect' })
    expect(isRecentConnector(announced[2] as Connector)).toBe(false)
    expect(connectorsRecentFirst().map((entry) => entry.id)).toEqual(
      announced.map((entry) => entry.id),
    )
  })
})

describe('resetting the connection', () => {
  it('returns to disconnected and forgets the pending attempt and its failure', () => {
    startConnecting('io.metamask')
    setConnectionStatus('connecting')
    setConnectionError({ message: 'Something went wrong' })
    connectionStore.set({
      wcUri: 'wc:abc@2',
      wcPairingExpiry: 123,
      wcLinking: { name: 'Rainbow', href: 'rainbow://' },
      wcError: true,
      buffering: true,
    })
    resetConnection()
    expect(connectionStore.get()).toMatchObject({
      status: 'disconnected',
      pendingConnectorId: undefined,
      error: undefined,
      wcUri: undefined,
      wcPairingExpiry: undefined,
      wcLinking: undefined,
      wcError: false,
      buffering: false,
    })
    expect(readStored('connectionStatus')).toBe('disconnected')
  })

  it('clears the stored deep link', () => {
    writeStored('deepLink', { name: 'Rainbow', href: 'rainbow://' })
    resetConnection()
    expect(readStored('deepLink')).toBeUndefined()
  })

  it('keeps the recent wallets and the detected connectors', () => {
    const detected = [connector('io.metamask', 'MetaMask', 'io.metamask')]
    setConnectors(detected)
    addRecentWallet(metaMask)
    resetConnection()
    expect(connectionStore.get().connectors).toEqual(detected)
    expect(connectionStore.get().recentWallets).toEqual([metaMask])
    expect(readStored('recentWallets')).toEqual([metaMask])
  })
})
