import {
  fetchAccountTokens,
  findNativeBalance,
  formatAmount,
  formatFiat,
  tokensStore,
  totalUsdValue,
} from '@portico/core'
import { useEffect } from 'react'
import { usePorticoApiClient } from '../../hooks/use-portico-api-client'
import { useStore } from '../../hooks/use-store'
import { Spinner } from '../../ui/spinner'
import { TokenRow } from '../../ui/token-row'

export function TokensPanel({ caipAddress }: { caipAddress: string }) {
  const client = usePorticoApiClient()
  const tokens = useStore(tokensStore)
  // Fetched when the account or the network changes (caipAddress holds both).
  useEffect(() => {
    if (caipAddress) void fetchAccountTokens(client)
  }, [client, caipAddress])

  const current = tokens.caipAddress === caipAddress
  const balances = current ? tokens.balances : []
  if (balances.length === 0) {
    if (!current || tokens.loading) {
      return (
        <div className="portico-panel-state">
          <Spinner label="Loading tokens" />
        </div>
      )
    }
    return (
      <p className="portico-panel-state portico-muted">
        {tokens.failed ? 'Token Balance Unavailable' : 'No tokens yet'}
      </p>
    )
  }
  // The native coin first, then by USD value.
  const native = findNativeBalance(balances)
  const sorted = [...balances].sort((a, b) =>
    a === native ? -1 : b === native ? 1 : (b.value ?? 0) - (a.value ?? 0),
  )
  return (
    <>
      <p className="portico-total">
        <span className="portico-visually-hidden">Total </span>
        {formatFiat(totalUsdValue(balances))}
      </p>
      <ul className="portico-list" aria-label="Tokens">
        {sorted.map((balance) => (
          <TokenRow
            key={balance.address ?? balance.symbol}
            name={balance.name}
            symbol={balance.symbol}
            iconUrl={balance.iconUrl}
            quantity={formatAmount(balance.quantity.numeric)}
            usdValue={balance.value === undefined ? undefined : formatFiat(balance.value)}
          />
        ))}
      </ul>
    </>
  )
}
