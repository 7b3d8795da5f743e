// Every wallet of the registry: a grid loaded 40 at a time as the visitor scrolls (a sentinel
// watched by an IntersectionObserver), a search that waits for typing to rest 300 ms and asks
// for 100 at a time. Paging, search and its wait are core's (state/wallet-list.ts). The host's
// custom wallets come first, found by the same search.
import {
  clearWalletSearch,
  connectionStore,
  customWalletListItems,
  customWalletsMatching,
  hasMoreWallets,
  loadMoreWallets,
  type ModalWallet,
  setWalletSearch,
  walletImageUrl,
  walletListFilter,
  walletListStore,
} from '@portico/core'
import { useEffect, useMemo, useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { useWalletsApi } from '../../hooks/use-wallets-api'
import { Avatar } from '../../ui/avatar'
import { intentHandlers } from '../../ui/intent'
import { Spinner } from '../../ui/spinner'
import {
  loadWalletConnectActions,
  preloadWalletConnect,
} from '../connect/load-wallet-connect-actions'

const gridStyle = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: 8,
} as const

const tileStyle = {
  width: '100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 6,
  padding: '10px 4px',
  border: 0,
  borderRadius: 16,
  background: 'var(--portico-bg-raised)',
  color: 'var(--portico-fg)',
  font: 'inherit',
  fontSize: 12,
  cursor: 'pointer',
} as const

const nameStyle = {
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const

export default function AllWallets() {
  const client = usePorticoClient()
  const api = useWalletsApi()
  const filter = useMemo(() => walletListFilter(client.options), [client])
  const state = useStore(walletListStore)
  const connectors = useStore(connectionStore, (connection) => connection.connectors)
  const custom = useMemo(() => customWalletListItems(client.options.customWallets), [client])

  useEffect(() => {
    clearWalletSearch()
    void loadMoreWallets(api, filter)
  }, [api, filter])
  // Every tile but an installed wallet's connects over WalletConnect: prepare it now.
  useEffect(() => preloadWalletConnect(client), [client])

  const more = hasMoreWallets(state)
  // The sentinel is a new element after each page (keyed by the page count), so one still in
  // view is observed afresh and asks for the next page.
  const [sentinel, setSentinel] = useState<HTMLLIElement | null>(null)
  useEffect(() => {
    if (!sentinel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadMoreWallets(api, filter)
    })
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [api, filter, sentinel])

  // A wallet installed in this browser connects through its own extension.
  const installedConnector = (wallet: ModalWallet) =>
    connectors.find((connector) => wallet.rdns && connector.info?.rdns === wallet.rdns)

  function select(wallet: ModalWallet) {
    const installed = installedConnector(wallet)
    if (installed) {
      void client.selectConnector(installed)
      return
    }
    void loadWalletConnectActions().then((actions) =>
      actions.connectOverWalletConnect(client, wallet),
    )
  }

  const searching = state.query !== ''
  const customShown = customWalletsMatching(custom, state.query)
  // One tile per wallet: a custom wallet with a registry wallet's id stands for it.
  const customIds = new Set(custom.map((wallet) => wallet.id))
  const shown = [...customShown, ...state.wallets.filter((wallet) => !customIds.has(wallet.id))]
  return (
    <div className="portico-view portico-stack">
      <input
        type="search"
        aria-label="Search wallets"
        placeholder="Search wallet"
        value={state.searchInput}
        onChange={(event) => setWalletSearch(api, filter, event.target.value)}
        style={{
          minHeight: 40,
          padding: '0 12px',
          borderRadius: 16,
          border: '1px solid var(--portico-border)',
          background: 'var(--portico-bg-raised)',
          color: 'var(--portico-fg)',
          font: 'inherit',
        }}
      />
      {state.error ? (
        <p className="portico-error-text" role="alert">
          {state.error}
        </p>
      ) : null}
      {!state.loading && state.pages > 0 && shown.length === 0 ? (
        <p className="portico-muted" role="status">
          No wallet found{searching ? ` for “${state.query}”` : ''}
        </p>
      ) : null}
      <ul
        style={gridStyle}
        aria-label={searching ? `Wallets matching ${state.query}` : 'All wallets'}
        aria-busy={state.loading}
      >
        {shown.map((wallet) => {
          const imageUrl = walletImageUrl(api, wallet)
          return (
            <li key={wallet.id}>
              <button
                type="button"
                style={tileStyle}
                onClick={() => select(wallet)}
                {...intentHandlers(
                  installedConnector(wallet) ? undefined : () => preloadWalletConnect(client),
                )}
              >
                {imageUrl ? (
                  <img
                    src={imageUrl}
                    alt=""
                    loading="lazy"
                    width={48}
                    height={48}
                    style={{ borderRadius: 12 }}
                  />
                ) : (
                  <Avatar name={wallet.name} size={48} />
                )}
                {/* A name cut short by the tile shows in full on hover. */}
                <span style={nameStyle} title={wallet.name}>
                  {wallet.name}
                </span>
              </button>
            </li>
          )
        })}
        {more ? (
          <li
            key={`sentinel-${state.pages}`}
            ref={setSentinel}
            style={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'center' }}
          >
            {state.loading ? <Spinner label="Loading wallets" /> : null}
          </li>
        ) : null}
      </ul>
    </div>
  )
}
