// The start view: the spec's connector order (walletConnect, recent, injected, featured,
// custom, external, recommended), one row per wallet, then "All wallets". The order and the
// de-duplication are core's (wallets/connectViewEntries.ts); this view only draws them.
import {
  allWalletsCount,
  type ConnectEntry,
  connectEntryTag,
  connectionStore,
  connectViewEntries,
  customWalletListItems,
  loadConnectViewWallets,
  walletImageUrl,
  walletListFilter,
  walletListStore,
} from '@portico/core'
import { useEffect, useMemo } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { useWalletsApi } from '../../hooks/useWalletsApi'
import { LinkButton } from '../../ui/LinkButton'
import { ListItem } from '../../ui/ListItem'
import { loadWalletConnectActions, preloadWalletConnect } from './loadWalletConnectActions'

export default function Connect() {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const connection = useStore(connectionStore)
  const wallets = useStore(walletListStore)
  const custom = useMemo(() => customWalletListItems(client.options.customWallets), [client])

  useEffect(() => {
    // The WalletConnect row is always listed: the connector joins wagmi's config now, in its own
    // chunk, its provider starts (SDK, relay socket) and its pairing is proposed while the
    // visitor chooses, so a pick with no pause shows the QR code at once. Closing the modal ends
    // a pairing never shown.
    preloadWalletConnect(client)
    if (walletListStore.get().recommended.length === 0) {
      void loadConnectViewWallets(api, walletListFilter(client.options))
    }
  }, [client, api])

  const entries = connectViewEntries({
    connectors: connection.connectors,
    recentWallets: connection.recentWallets,
    featured: wallets.featured,
    recommended: wallets.recommended,
    custom,
    walletImageUrl: (wallet) => walletImageUrl(api, wallet),
  })

  const walletCount = allWalletsCount(wallets.total, custom)

  // A row without an installed connector connects over WalletConnect.
  const preload = () => preloadWalletConnect(client)

  function select(entry: ConnectEntry) {
    if (entry.connector) {
      void client.selectConnector(entry.connector)
      return
    }
    void loadWalletConnectActions().then((actions) =>
      actions.connectOverWalletConnect(client, entry.wallet),
    )
  }

  return (
    <div className="portico-view portico-stack">
      <ul className="portico-list" aria-label="Wallets">
        {entries.map((entry) => (
          <ListItem
            key={entry.key}
            label={entry.name}
            imageUrl={entry.imageUrl}
            tag={connectEntryTag(entry)}
            onSelect={() => select(entry)}
            onIntent={entry.connector ? undefined : preload}
          />
        ))}
        {client.options.features.allWallets ? (
          <ListItem
            label="All wallets"
            tag={walletCount > 0 ? String(walletCount) : undefined}
            onSelect={() => client.navigate('AllWallets')}
          />
        ) : null}
      </ul>
      <p className="portico-muted" style={{ textAlign: 'center' }}>
        New to wallets?{' '}
        <LinkButton onClick={() => client.navigate('WhatIsAWallet')}>What is a wallet?</LinkButton>
      </p>
    </div>
  )
}
