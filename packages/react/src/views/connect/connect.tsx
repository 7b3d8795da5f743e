// The start view: the spec's connector order (walletConnect, recent, injected, featured,
// custom, external, recommended), one row per wallet, then "All wallets". The order and the
// de-duplication are core's (wallets/connect-view-entries.ts); this view only draws them. With
// the embedded wallet, the e-mail field and the social logins come first, or after the wallets
// when the browser has one installed (docs/product.md#connect).
import {
  allWalletsCount,
  type ConnectEntry,
  connectEntryTag,
  connectionStore,
  connectViewEntries,
  connectWalletRowsAtMost,
  connectWalletsPending,
  currentSocialEnvironment,
  customWalletListItems,
  legalConsentGiven,
  loadNamespaceWallets,
  networkStore,
  offeredSocialProviders,
  prefetchConnectWallets,
  preloadEmbeddedWallet,
  routerStore,
  type ServerSocialProvider,
  SOCIAL_PROVIDER_TITLES,
  setLegalConsent,
  startEmailLogin,
  startSocialLogin,
  walletImageUrl,
  walletListFilter,
  walletListStore,
} from '@portico/core'
import { useEffect, useMemo, useRef, useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { useWalletsApi } from '../../hooks/use-wallets-api'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { EmailForm } from '../../ui/email-form'
import { emailFormStyles } from '../../ui/email-form-styles'
import { LinkButton } from '../../ui/link-button'
import { ListItem, ListItemPlaceholder } from '../../ui/list-item'
import { SocialButtons, socialButtonsStyles } from '../../ui/social-buttons'
import { failureOf } from '../shared/failure-of'
import { LegalConsent, legalConsentStyles } from './legal-consent'
import { loadWalletConnectActions, preloadWalletConnect } from './load-wallet-connect-actions'
import { SOCIAL_LOGOS } from './social-logos'

export default function Connect() {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const connection = useStore(connectionStore)
  const wallets = useStore(walletListStore)
  // A wallet offering both namespaces connects the one of the network the modal is on.
  const preferredNamespace = useStore(
    networkStore,
    (state) =>
      state.activeCaipNetwork?.chainNamespace ?? client.options.networks[0]?.chainNamespace,
  )
  // Why the last social login came back here (a refusal at the provider, a closed popup).
  const socialError = useStore(routerStore, (state) =>
    typeof state.data?.socialError === 'string' ? state.data.socialError : undefined,
  )
  const custom = useMemo(() => customWalletListItems(client.options.customWallets), [client])
  const { features } = client.options
  const [legalAgreed, setLegalAgreed] = useState(() => legalConsentGiven(client.options))
  const [walletsOpened, setWalletsOpened] = useState(false)
  const walletList = useRef<HTMLUListElement>(null)
  injectViewStyles('legal-consent', legalConsentStyles)

  useEffect(() => {
    // Usually under way already: the connect button asked at the visitor's first gesture.
    void prefetchConnectWallets(client)
    // Solana's wallets (wallet-standard) join the list once its adapter has loaded.
    void loadNamespaceWallets(client)
    // WalletConnect (its SDK, relay socket and pairing) is prepared on intent only: a row that
    // needs it pointed at or focused, All wallets, or a touch screen (a coarse pointer), where
    // deep links are the way. Most visitors pick a browser wallet or e-mail, and the SDK is most
    // of what a click costs.
    if (globalThis.matchMedia?.('(pointer: coarse)').matches) preloadWalletConnect(client)
  }, [client])

  const entries = connectViewEntries({
    connectors: connection.connectors,
    recentWallets: connection.recentWallets,
    featured: wallets.featured,
    recommended: wallets.recommended,
    custom,
    walletImageUrl: (wallet) => walletImageUrl(api, wallet),
    ...(preferredNamespace ? { preferredNamespace } : {}),
  })

  const walletCount = allWalletsCount(wallets.total, custom)
  // Until the registry answers, its rows are held by placeholders of the same size, so what sits
  // below the list (with a wallet installed, the e-mail field and the social logins) does not
  // jump down under the pointer. Their count is the most rows the answer can give: a registry
  // wallet that is also installed is listed once, and the list then ends one row shorter.
  const walletsLoading = connectWalletsPending(wallets)
  const placeholderRows = walletsLoading
    ? connectWalletRowsAtMost(walletListFilter(client.options))
    : 0

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
    features.email && client.options.frameUrl ? (
      <EmailForm
        label="E-mail"
        submitLabel="Continue"
        onIntent={() => preloadEmbeddedWallet(client)}
        onSubmit={(email) => failureOf(startEmailLogin(client, email))}
      />
    ) : null
  if (emailField) injectViewStyles('email-form', emailFormStyles)
  const socials = client.options.frameUrl
    ? offeredSocialProviders(features.socials, currentSocialEnvironment())
    : []
  const socialButtons =
    socials.length > 0 ? (
      <SocialButtons
        items={socials.map((id) => ({
          id,
          title: SOCIAL_PROVIDER_TITLES[id],
          logo: SOCIAL_LOGOS[id].path,
        }))}
        onSelect={(id) => {
          // Farcaster signs in through its own view; the others open their popup now, inside
          // the click, where the browser allows it.
          if (id === 'farcaster') client.navigate('ConnectingFarcaster')
          else void startSocialLogin(client, id as ServerSocialProvider)
        }}
      />
    ) : null
  if (socialButtons) injectViewStyles('social-buttons', socialButtonsStyles)
  const walletsFirst = connection.connectors.some(
    (connector) => connector.type === 'ANNOUNCED' || connector.type === 'INJECTED',
  )
  // features.collapseWallets: where e-mail or social logins are offered, the wallets wait
  // behind one entry, after those logins, until the visitor asks for them.
  const walletsCollapsed =
    features.collapseWallets && (emailField !== null || socialButtons !== null) && !walletsOpened
  const loginsFirst = !walletsFirst || features.collapseWallets

  function openWallets() {
    setWalletsOpened(true)
    // The entry pressed is gone: the keyboard goes on from the first wallet.
    requestAnimationFrame(() => walletList.current?.querySelector('button')?.focus())
  }

  function changeLegalConsent(agreed: boolean) {
    setLegalConsent(client.options, agreed)
    setLegalAgreed(agreed)
  }

  const walletChoices = walletsCollapsed ? (
    <ul className="portico-list" aria-label="Wallets">
      <ListItem
        label="Continue with a wallet"
        tag={walletCount > 0 ? `${walletCount} available` : undefined}
        onSelect={openWallets}
      />
    </ul>
  ) : (
    <>
      {walletsLoading ? (
        <p className="portico-visually-hidden" role="status">
          Loading wallets
        </p>
      ) : null}
      <ul ref={walletList} className="portico-list" aria-label="Wallets" aria-busy={walletsLoading}>
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
        {Array.from({ length: placeholderRows }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders are interchangeable
          <ListItemPlaceholder key={index} />
        ))}
        {features.allWallets ? (
          <ListItem
            label="All wallets"
            tag={walletCount > 0 ? `${walletCount} available` : undefined}
            onSelect={() => client.navigate('AllWallets')}
            onIntent={preload}
          />
        ) : null}
      </ul>
    </>
  )

  return (
    <div className="portico-view portico-stack">
      {socialError ? (
        <p className="portico-error-text" role="alert">
          {socialError}
        </p>
      ) : null}
      <LegalConsent
        links={client.options}
        checkbox={features.legalCheckbox}
        agreed={legalAgreed}
        onChange={changeLegalConsent}
      />
      {/* A disabled fieldset disables every control in it: no way to connect works until the
          legal box is ticked. */}
      <fieldset
        className="portico-connect-ways"
        disabled={features.legalCheckbox && !legalAgreed}
        aria-label="Ways to connect"
      >
        {loginsFirst ? emailField : null}
        {loginsFirst ? socialButtons : null}
        {walletChoices}
        {loginsFirst ? null : emailField}
        {loginsFirst ? null : socialButtons}
      </fieldset>
      <p className="portico-muted" style={{ textAlign: 'center' }}>
        New to wallets?{' '}
        <LinkButton onClick={() => client.navigate('WhatIsAWallet')}>What is a wallet?</LinkButton>
      </p>
    </div>
  )
}
