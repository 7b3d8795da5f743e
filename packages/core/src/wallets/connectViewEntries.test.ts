import { describe, expect, it } from 'vitest'
import type { WalletListItem } from '../api/wallets'
import type { Connector } from '../state/connection'
import { connectEntryTag, connectViewEntries } from './connectViewEntries'

function wallet(id: string, name: string, rdns: string | null = null): WalletListItem {
  return {
    id,
    name,
    image_id: `img-${id}`,
    rdns,
    chains: ['eip155:1'],
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
  }
}

const announced = (id: string, name: string): Connector => ({
  id,
  name,
  type: 'ANNOUNCED',
  chain: 'eip155',
  info: { rdns: id },
})

const external: Connector = { id: 'safe', name: 'Safe app', type: 'EXTERNAL', chain: 'eip155' }
const walletConnect: Connector = {
  id: 'walletConnect',
  name: 'WalletConnect',
  type: 'WALLET_CONNECT',
  chain: 'eip155',
}

const rainbow = wallet('r', 'Rainbow', 'me.rainbow')
const metamask = wallet('m', 'MetaMask', 'io.metamask')
const trust = wallet('t', 'Trust Wallet', 'com.trustwallet.app')
const zerion = wallet('z', 'Zerion', 'io.zerion.wallet')
const ledger = wallet('l', 'Ledger Live')

const imageUrl = (entry: WalletListItem) => `/getWalletImage/${entry.image_id}`

describe('connectViewEntries', () => {
  it('orders walletConnect, recent, injected, featured, external, recommended', () => {
    const entries = connectViewEntries({
      connectors: [walletConnect, external, announced('io.rabby', 'Rabby')],
      recentWallets: [{ id: 'z', name: 'Zerion' }],
      featured: [ledger, zerion],
      recommended: [trust],
      walletImageUrl: imageUrl,
    })
    expect(entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['walletConnect', 'WalletConnect'],
      ['recent', 'Zerion'],
      ['injected', 'Rabby'],
      ['featured', 'Ledger Live'],
      ['external', 'Safe app'],
      ['recommended', 'Trust Wallet'],
    ])
  })

  it('lists a wallet announced over EIP-6963 once, as installed, when the registry has it too', () => {
    const entries = connectViewEntries({
      connectors: [announced('io.metamask', 'MetaMask')],
      recentWallets: [],
      featured: [metamask],
      recommended: [metamask, rainbow],
      walletImageUrl: imageUrl,
    })
    expect(entries.filter((entry) => entry.name === 'MetaMask')).toHaveLength(1)
    expect(entries.find((entry) => entry.name === 'MetaMask')).toMatchObject({
      kind: 'injected',
      connector: { id: 'io.metamask' },
    })
    expect(entries.map((entry) => entry.name)).toEqual(['WalletConnect', 'MetaMask', 'Rainbow'])
  })

  it('shows a recent installed wallet under Recent with its connector, not again as installed', () => {
    const entries = connectViewEntries({
      connectors: [announced('io.metamask', 'MetaMask'), announced('io.rabby', 'Rabby')],
      recentWallets: [{ id: 'io.rabby', name: 'Rabby', rdns: 'io.rabby' }],
      featured: [],
      recommended: [],
      walletImageUrl: imageUrl,
    })
    expect(entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['walletConnect', 'WalletConnect'],
      ['recent', 'Rabby'],
      ['injected', 'MetaMask'],
    ])
    expect(entries[1]?.connector?.id).toBe('io.rabby')
  })

  it('connects a recent WalletConnect wallet over WalletConnect, with its registry entry', () => {
    const entries = connectViewEntries({
      connectors: [],
      recentWallets: [{ id: 'r', name: 'Rainbow', rdns: 'me.rainbow' }],
      featured: [],
      recommended: [rainbow, trust],
      walletImageUrl: imageUrl,
    })
    expect(entries[1]).toMatchObject({ kind: 'recent', wallet: rainbow })
    expect(entries.map((entry) => entry.name)).toEqual(['WalletConnect', 'Rainbow', 'Trust Wallet'])
  })

  it('tags rows: QR code, Recent, Installed', () => {
    const entries = connectViewEntries({
      connectors: [announced('io.rabby', 'Rabby')],
      recentWallets: [{ id: 'z', name: 'Zerion' }],
      featured: [],
      recommended: [trust],
      walletImageUrl: imageUrl,
    })
    expect(entries.map(connectEntryTag)).toEqual(['QR code', 'Recent', 'Installed', undefined])
    expect(entries.at(-1)?.imageUrl).toBe('/getWalletImage/img-t')
  })
})
