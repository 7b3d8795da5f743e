import {
  type AccountTab,
  accountStore,
  EMBEDDED_WALLET_CONNECTOR_ID,
  embeddedWalletStore,
  formatAmount,
  networkStore,
  SOCIAL_PROVIDER_TITLES,
  type SocialProvider,
  setAccountTab,
  shortAddress,
  shortMessageOf,
  showSuccess,
} from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { AddressAvatar } from '../../ui/address-avatar'
import { Button } from '../../ui/button'
import { Tabs } from '../../ui/tabs'
import { accountStyles } from './account-styles'
import { ActivityPanel } from './activity-panel'
import { NftsPanel } from './nfts-panel'
import { TokensPanel } from './tokens-panel'

const TABS: { id: AccountTab; label: string }[] = [
  { id: 'tokens', label: 'Tokens' },
  { id: 'nfts', label: 'NFTs' },
  { id: 'activity', label: 'Activity' },
]

export default function Account() {
  injectViewStyles('account', accountStyles)
  const client = usePorticoClient()
  const account = useStore(accountStore, (state) => state.byNamespace.eip155)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [disconnectError, setDisconnectError] = useState<string>()
  const user = useStore(embeddedWalletStore, (state) => state.user)
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
      setDisconnectError(shortMessageOf(error) ?? 'Failed to disconnect')
    }
  }

  const tab = account.currentTab
  const caipAddress = network ? `${network.caipNetworkId}:${address}` : undefined

  return (
    <div className="portico-view portico-center">
      <AddressAvatar address={address} size={72} />
      <p className="portico-address" title={address}>
        {label}
      </p>
      {email ? (
        <div className="portico-row">
          <p className="portico-muted">{email}</p>
          <Button variant="secondary" onClick={() => client.navigate('UpdateEmailWallet')}>
            Change e-mail
          </Button>
          <Button variant="secondary" onClick={() => client.navigate('ExportEmbeddedKey')}>
            Export private key
          </Button>
        </div>
      ) : null}
      {socialLogin ? <p className="portico-muted">{socialLogin}</p> : null}
      <p className="portico-balance" role="status" aria-label="Balance">
        {account.balance === undefined
          ? 'Loading balance…'
          : `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`}
      </p>
      <div className="portico-row">
        <Button variant="secondary" onClick={() => void copyAddress()}>
          Copy address
        </Button>
        {account.addressExplorerUrl ? (
          <a
            className="portico-button"
            data-variant="secondary"
            href={account.addressExplorerUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            View on explorer
          </a>
        ) : null}
      </div>
      <div className="portico-row">
        <Button
          variant="secondary"
          onClick={() => client.navigate('Networks')}
          aria-label={`Network: ${network?.name ?? 'unknown'}. Change network`}
        >
          {network?.name ?? 'Unknown network'}
        </Button>
        {client.options.features.onramp ? (
          <Button variant="secondary" onClick={() => client.navigate('OnRampProviders')}>
            Buy
          </Button>
        ) : null}
        {client.options.features.swaps ? (
          <Button variant="secondary" onClick={() => client.navigate('Swap')}>
            Swap
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => client.navigate('Receive')}>
          Receive
        </Button>
        <Button variant="secondary" onClick={() => client.navigate('Send')}>
          Send
        </Button>
      </div>
      {network && caipAddress ? (
        <Tabs
          label="Account"
          idPrefix="portico-account"
          tabs={TABS}
          selected={tab}
          onSelect={(next) => setAccountTab('eip155', next)}
        >
          {tab === 'tokens' ? (
            <TokensPanel caipAddress={caipAddress} />
          ) : tab === 'nfts' ? (
            <NftsPanel address={address} caipNetworkId={network.caipNetworkId} />
          ) : (
            <ActivityPanel address={address} network={network} />
          )}
        </Tabs>
      ) : null}
      <Button variant="danger" onClick={() => void disconnect()}>
        Disconnect
      </Button>
      {disconnectError ? (
        <p className="portico-error-text" role="alert">
          {disconnectError}
        </p>
      ) : null}
    </div>
  )
}
