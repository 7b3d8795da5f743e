import { describe, expect, it } from 'vitest'
import type { ModalWallet } from '../api/wallets'
import type { Connector } from '../state/connection'
import { connectEntryTag, connectViewEntries } from './connect-view-entries'
import { customWalletListItem } from './custom-wallets'

function wallet(id: string, name: string, rdns: string | null = null): ModalWallet {
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

const acme = customWalletListItem({
  id: 'acme',
  name: 'Acme Wallet',
  image_url: '/wallets/acme.svg',
  desktop_link: 'acme://',
  rdns: 'com.acme',
})
const bolt = customWalletListItem({ id: 'bolt', name: 'Bolt' })

const imageUrl = (entry: ModalWallet) => entry.image_url ?? `/getWalletImage/${entry.image_id}`

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

  it("lists the host's custom wallets after featured, before external and recommended", () => {
    const entries = connectViewEntries({
      connectors: [walletConnect, external, announced('io.rabby', 'Rabby')],
      recentWallets: [{ id: 'z', name: 'Zerion' }],
      featured: [ledger, zerion],
      recommended: [trust],
      custom: [acme, bolt],
      walletImageUrl: imageUrl,
    })
    expect(entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['walletConnect', 'WalletConnect'],
      ['recent', 'Zerion'],
      ['injected', 'Rabby'],
      ['featured', 'Ledger Live'],
      ['custom', 'Acme Wallet'],
      ['custom', 'Bolt'],
      ['external', 'Safe app'],
      ['recommended', 'Trust Wallet'],
    ])
    expect(entries.find((entry) => entry.kind === 'custom')).toMatchObject({
      imageUrl: '/wallets/acme.svg',
      wallet: { id: 'acme', desktop_link: 'acme://' },
    })
  })

  it('lists a custom wallet once: as installed when its rdns is announced, as featured on the same id', () => {
    const entries = connectViewEntries({
      connectors: [announced('com.acme', 'Acme (extension)')],
      recentWallets: [],
      featured: [ledger],
      recommended: [trust],
      custom: [acme, { ...bolt, id: 'l' }, { ...bolt, id: 't', name: 'Trust, our way' }],
      walletImageUrl: imageUrl,
    })
    expect(entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['walletConnect', 'WalletConnect'],
      ['injected', 'Acme (extension)'],
      ['featured', 'Ledger Live'],
      ['custom', 'Trust, our way'],
    ])
  })

  it('shows a recent custom wallet under Recent with its own entry, not again as custom', () => {
    const entries = connectViewEntries({
      connectors: [],
      recentWallets: [{ id: 'acme', name: 'Acme Wallet', rdns: 'com.acme' }],
      featured: [],
      recommended: [],
      custom: [acme, bolt],
      walletImageUrl: imageUrl,
    })
    expect(entries.map((entry) => [entry.kind, entry.name])).toEqual([
      ['walletConnect', 'WalletConnect'],
      ['recent', 'Acme Wallet'],
      ['custom', 'Bolt'],
    ])
    expect(entries[1]).toMatchObject({ wallet: acme, imageUrl: '/wallets/acme.svg' })
  })

  it('lists a wallet installed for EVM and Solana once; picking it connects the active namespace', () => {
    const phantomEvm = announced('app.phantom', 'Phantom')
    const phantomSolana: Connector = {
      id: 'solana:Phantom',
      name: 'Phantom',
      type: 'ANNOUNCED',
      chain: 'solana',
    }
    const solflare: Connector = { ...phantomSolana, id: 'solana:Solflare', name: 'Solflare' }
    const base = {
      connectors: [phantomEvm, phantomSolana, solflare],
      recentWallets: [],
      featured: [],
      recommended: [],
      walletImageUrl: imageUrl,
    }
    const installed = (namespace?: 'eip155' | 'solana') =>
      connectViewEntries({ ...base, ...(namespace ? { preferredNamespace: namespace } : {}) })
        .filter((entry) => entry.kind === 'injected')
        .map((entry) => entry.connector?.id)
    expect(installed()).toEqual(['app.phantom', 'solana:Solflare'])
    expect(installed('eip155')).toEqual(['app.phantom', 'solana:Solflare'])
    expect(installed('solana')).toEqual(['solana:Phantom', 'solana:Solflare'])
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
