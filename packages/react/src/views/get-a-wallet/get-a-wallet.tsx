// 'Get a wallet': the Connect view's wallets (featured, then recommended, from the Wallet API)
// with where to download each for this device: its stores, then its website.
import {
  connectWalletsPending,
  detectPlatform,
  downloadLinks,
  prefetchConnectWallets,
  walletImageUrl,
  walletListStore,
} from '@portico/core'
import { useEffect, useMemo } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { useWalletsApi } from '../../hooks/use-wallets-api'
import { Avatar } from '../../ui/avatar'
import { Spinner } from '../../ui/spinner'
import { walletLinksStyle, walletNameStyle, walletRowStyle } from './get-a-wallet-styles'

export default function GetAWallet() {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const state = useStore(walletListStore)
  const { featured, recommended } = state
  const platform = useMemo(() => detectPlatform(), [])
  const loaded = !connectWalletsPending(state)

  useEffect(() => {
    void prefetchConnectWallets(client)
  }, [client])

  const wallets = [...featured, ...recommended]
    .map((wallet) => ({ wallet, links: downloadLinks(wallet, platform) }))
    .filter(({ links }) => links.length > 0)

  return (
    <div className="portico-view portico-stack">
      <p className="portico-muted">
        Pick a wallet and install it from its store. Then come back and connect it.
      </p>
      {loaded ? null : <Spinner label="Loading wallets" />}
      {loaded && wallets.length === 0 ? (
        <p className="portico-muted" role="status">
          No wallets to show right now. Try again later.
        </p>
      ) : null}
      <ul className="portico-list" aria-label="Wallets to get">
        {wallets.map(({ wallet, links }) => (
          <li key={wallet.id} style={walletRowStyle}>
            <Avatar src={walletImageUrl(api, wallet)} name={wallet.name} />
            <div className="portico-stack" style={{ gap: 4, flex: 1, minWidth: 0 }}>
              <h3 style={walletNameStyle} title={wallet.name}>
                {wallet.name}
              </h3>
              <ul aria-label={`Get ${wallet.name}`} style={walletLinksStyle}>
                {links.map((link) => (
                  <li key={link.href}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`${wallet.name}: ${link.label}`}
                      style={{ color: 'var(--portico-fg)' }}
                    >
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
