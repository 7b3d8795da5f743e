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
  preloadEmbeddedWallet,
  startEmailLogin,
  walletImageUrl,
  walletListFilter,
  walletListStore,
} from '@portico/core'
import { useEffect, useMemo } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/useStore'
import { useWalletsApi } from '../../hooks/useWalletsApi'
import { injectViewStyles } from '../../theme/injectViewStyles'
import { EmailForm } from '../../ui/EmailForm'
import { emailFormStyles } from '../../ui/emailFormStyles'
import { LinkButton } from '../../ui/LinkButton'
import { ListItem } from '../../ui/ListItem'
import { failureOf } from '../EmailVerifyOtp/failureOf'
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

  // The e-mail login (the embedded wallet) where the host offers it: first, or after the
  // wallets when the browser has one installed (docs/product.md#connect).
  const emailField =
    client.options.features.email && client.options.frameUrl ? (
      <EmailForm
        label="E-mail"
        submitLabel="Continue"
        onIntent={() => preloadEmbeddedWallet(client)}
        onSubmit={(email) => failureOf(startEmailLogin(client, email))}
      />
    ) : null
  if (emailField) injectViewStyles('email-form', emailFormStyles)
  const walletsFirst = connection.connectors.some(
    (connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED',
  )

  return (
    <div className="portico-view portico-stack">
      {walletsFirst ? null : emailField}
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
      {walletsFirst ? emailField : null}
      <p className="portico-muted" style={{ textAlign: 'center' }}>
        New to wallets?{' '}
        <LinkButton onClick={() => client.navigate('WhatIsAWallet')}>What is a wallet?</LinkButton>
      </p>
    </div>
  )
}
