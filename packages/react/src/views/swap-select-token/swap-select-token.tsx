import {
  accountStore,
  balanceOf,
  formatAmount,
  networkStore,
  routerStore,
  type SwapToken,
  setSwapToken,
  swapStore,
  tokensStore,
} from '@portico/core'
import { useState } from 'react'
import { usePorticoClient } from '../../context'
import { useStore } from '../../hooks/use-store'
import { injectViewStyles } from '../../theme/inject-view-styles'
import { Avatar } from '../../ui/avatar'
import { swapStyles } from '../shared/swap-styles'

/** A token matches a search by its symbol, its name or its contract address. */
function matches(token: SwapToken, query: string): boolean {
  const text = query.trim().toLowerCase()
  if (!text) return true
  return (
    token.symbol.toLowerCase().includes(text) ||
    token.name.toLowerCase().includes(text) ||
    token.address.toLowerCase().endsWith(text)
  )
}

/** The swap's token picker: the network's swappable tokens, searchable, with balances. */
export default function SwapSelectToken() {
  injectViewStyles('swap', swapStyles)
  const client = usePorticoClient()
  const side = useStore(routerStore, (state) => (state.data?.side === 'to' ? 'to' : 'from'))
  const swap = useStore(swapStore)
  const tokens = useStore(tokensStore)
  const address = useStore(accountStore, (state) => state.byNamespace.eip155?.address)
  const network = useStore(networkStore, (state) => state.activeCaipNetwork)
  const [query, setQuery] = useState('')
  const caipAddress = network && address ? `${network.caipNetworkId}:${address}` : undefined
  const balances = tokens.caipAddress === caipAddress ? tokens.balances : []
  const chosen = swap[side]

  // Popular tokens first, then the rest in the list's order.
  const rank = (token: SwapToken) => {
    const at = swap.popular.indexOf(token.address)
    return at === -1 ? swap.popular.length : at
  }
  const shown = swap.tokens.filter((token) => matches(token, query))
  shown.sort((a, b) => rank(a) - rank(b))

  return (
    <div className="portico-view portico-stack">
      <input
        type="search"
        className="portico-input"
        aria-label="Search tokens"
        placeholder="Search token"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {shown.length === 0 ? (
        <p className="portico-muted" role="status">
          No token found for “{query.trim()}”
        </p>
      ) : (
        <ul
          className="portico-list"
          aria-label={side === 'from' ? 'Tokens to pay with' : 'Tokens to receive'}
        >
          {shown.map((token) => {
            const balance = balanceOf(token, balances)
            const current = chosen?.address === token.address
            return (
              <li key={token.address}>
                <button
                  type="button"
                  className="portico-list-item"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    setSwapToken(side, token)
                    client.goBack()
                  }}
                >
                  <Avatar src={token.logoUri} name={token.symbol} round />
                  <span className="portico-swap-row-names">
                    <span className="portico-list-item-label">{token.symbol}</span>
                    <span className="portico-muted">{token.name}</span>
                  </span>
                  <span className="portico-swap-row-balance">
                    {balance ? formatAmount(balance.quantity.numeric) : ''}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
