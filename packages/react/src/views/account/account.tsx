import {
  type AccountTab,
  disconnectFailureMessage,
  EMBEDDED_WALLET_CONNECTOR_ID,
  embeddedWalletStore,
  fetchAccountTokens,
  getActiveChainAccount,
  loadAccountName,
  networkStore,
  SOCIAL_PROVIDER_TITLES,
  type SocialProvider,
  setAccountTab,
  shortAddress,
  showSuccess,
} from '@portico/core'
import { useEffect, useState } from 'react'
import { usePorticoClient } from '../../context'
import { useActiveAccount } from '../../hooks/use-active-account'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { AddressAvatar } from '../../ui/address-avatar'
import { Button } from '../../ui/button'
import { CopyIcon } from '../../ui/copy-icon'
import { IconButton } from '../../ui/icon-button'
import { Tabs } from '../../ui/tabs'
import { AccountBalance } from './account-balance'
import { AccountSettingsPanel, AccountSettingsToggle, useAccountSettings } from './account-settings'
import { accountStyles } from './account-styles'
import { ActivityPanel } from './activity-panel'
import { NftsPanel } from './nfts-panel'
import { TokensPanel } from './tokens-panel'

const TABS: { id: AccountTab; label: string }[] = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
]

/** The Activity tab of an account on a network whose activity we cannot read. */
const ACTIVITY_EVM_ONLY = 'Activity is shown for EVM accounts only.'

export default function Account() {
  injectViewStyles('account', accountStyles)
  const client = usePorticoClient()
  const account = useActiveAccount((entry) => entry)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [disconnectError, setDisconnectError] = useState<string>()
  const user = useStore(embeddedWalletStore, (state) => state.user)
  const settings = useAccountSettings()
  const apiClient = usePorticoApiClient()
  const caipAddressKey =
    account?.address && network ? `${network.caipNetworkId}:${account.address}` : undefined
  // The balance above the tabs needs the token list whichever tab is open: asked for here, when
  // the account or the network changes (the key holds both).
  useEffect(() => {
    const active = caipAddressKey ? getActiveChainAccount() : undefined
    if (active) void fetchAccountTokens(apiClient, active)
  }, [apiClient, caipAddressKey])
  // The address's registered name, for here and the connect button (kept 5 min by the server).
  // Names are registered for EVM addresses only (docs/product.md#chains-by-feature).
  const connectedAddress =
    account?.profileName || network?.chainNamespace !== 'eip155' ? undefined : account?.address
  useEffect(() => {
    if (connectedAddress) void loadAccountName(apiClient, connectedAddress)
  }, [apiClient, connectedAddress])
  if (!account?.address) return <div className="portico-view" />
  // Logged in by e-mail: the address it is known by, and a way to change it.
  const email =
    account.connectedWalletInfo?.identifier === EMBEDDED_WALLET_CONNECTOR_ID
      ? user?.email
      : undefined

  // Logged in with a social provider: which one, and the name it gave.
  const socialTitle = account.socialProvider
    ? SOCIAL_PROVIDER_TITLES[account.socialProvider as SocialProvider]
    : undefined
  const socialLogin = socialTitle
    ? `Logged in with ${socialTitle}${user?.userName ? ` as ${user.userName}` : ''}`
    : undefined

  const address = account.address
  const label = account.profileName ?? shortAddress(address)

  async function copyAddress() {
    await navigator.clipboard?.writeText(address).catch(() => undefined)
    showSuccess('Address copied')
  }

  async function disconnect() {
    setDisconnectError(undefined)
    try {
      await client.disconnect()
    } catch (error) {
      setDisconnectError(disconnectFailureMessage(error))
    }
  }

  const features = client.options.features
  // Without the history feature there is no Activity tab, whatever tab was open last.
  const tabs = features.history ? TABS : TABS.filter((entry) => entry.id !== 'activity')
  const tab = tabs.some((entry) => entry.id === account.currentTab) ? account.currentTab : 'tokens'
  const caipAddress = caipAddressKey
  // The embedded wallet (e-mail or social login) has settings of its own; a wallet app keeps its own.
  const embedded = account.connectedWalletInfo?.identifier === EMBEDDED_WALLET_CONNECTOR_ID

  return (
    <div className="portico-view portico-account">
      {/* Always on screen at the top: where the account is, its settings, and the way out. */}
      <div className="portico-account-bar">
        <button
          type="button"
          className="portico-network-chip"
          onClick={() => client.navigate('Networks')}
          aria-label={`Network: ${network?.name ?? 'unknown'}. Change network`}
          title="Change network"
        >
          <span className="portico-network-chip-name">{network?.name ?? 'Unknown network'}</span>
          <span className="portico-network-chip-hint" aria-hidden="true">
            Switch ▾
          </span>
        </button>
        <span className="portico-account-bar-end">
          <Button variant="danger" onClick={() => void disconnect()}>
            Disconnect
          </Button>
          {/* Last in the bar, so the panel it opens is the next Tab stop. */}
          {embedded ? (
            <AccountSettingsToggle
              open={settings.open}
              panelId={settings.panelId}
              onToggle={settings.toggle}
            />
          ) : null}
        </span>
      </div>
      {disconnectError ? (
        <p className="portico-error-text" role="alert">
          {disconnectError}
        </p>
      ) : null}
      {embedded && settings.open ? (
        <AccountSettingsPanel
          id={settings.panelId}
          email={email}
          onChangeEmail={() => client.navigate('UpdateEmailWallet')}
          onExportKey={() => client.navigate('ExportEmbeddedKey')}
        />
      ) : null}
      <div className="portico-account-identity">
        <AddressAvatar address={address} size={56} />
        <div className="portico-account-name">
          <p className="portico-address" title={address}>
            {label}
          </p>
          <IconButton label="Copy address" onClick={() => void copyAddress()}>
            <CopyIcon />
          </IconButton>
          {account.addressExplorerUrl ? (
            <a
              className="portico-icon-button"
              href={account.addressExplorerUrl}
              target="_blank"
              rel="noreferrer noopener"
              title="View on explorer"
            >
              <span aria-hidden="true">↗</span>
              <span className="portico-visually-hidden">View on explorer</span>
            </a>
          ) : null}
        </div>
        {email ? <p className="portico-muted">{email}</p> : null}
        {socialLogin ? <p className="portico-muted">{socialLogin}</p> : null}
        {/* The embedded wallet's account can take a name of ours; a wallet app has its own. */}
        {embedded && !account.profileName ? (
          <Button variant="secondary" onClick={() => client.navigate('RegisterAccountName')}>
            Choose a name
          </Button>
        ) : null}
      </div>
      <AccountBalance caipAddress={caipAddress} />
      {/* The spec's wallet features, in its order: onramp, swaps, receive, send. */}
      {features.onramp || features.swaps || features.receive || features.send ? (
        <fieldset className="portico-account-actions">
          <legend className="portico-visually-hidden">Wallet actions</legend>
          {features.onramp ? (
            <Button variant="secondary" onClick={() => client.navigate('OnRampProviders')}>
              Buy
            </Button>
          ) : null}
          {features.swaps ? (
            <Button variant="secondary" onClick={() => client.navigate('Swap')}>
              Swap
            </Button>
          ) : null}
          {features.receive ? (
            <Button variant="secondary" onClick={() => client.navigate('Receive')}>
              Receive
            </Button>
          ) : null}
          {features.send ? (
            <Button variant="secondary" onClick={() => client.navigate('Send')}>
              Send
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      {network && caipAddress ? (
        <Tabs
          label="Account"
          idPrefix="portico-account"
          tabs={tabs}
          selected={tab}
          onSelect={(next) => setAccountTab(network.chainNamespace, next)}
        >
          {tab === 'tokens' ? (
            <TokensPanel caipAddress={caipAddress} />
          ) : tab === 'nfts' ? (
            <NftsPanel address={address} caipNetworkId={network.caipNetworkId} />
          ) : network.chainNamespace === 'eip155' ? (
            <ActivityPanel address={address} network={network} />
          ) : (
            // The activity API reads EVM chains only (docs/product.md#chains-by-feature).
            <p className="portico-panel-state portico-muted">{ACTIVITY_EVM_ONLY}</p>
          )}
        </Tabs>
      ) : null}
    </div>
  )
}
