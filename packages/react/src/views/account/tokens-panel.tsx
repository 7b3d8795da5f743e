import { findNativeBalance, formatAmount, formatFiat, tokensStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { Spinner } from '../../ui/spinner'
import { TokenRow } from '../../ui/token-row'

export function TokensPanel({ caipAddress }: { caipAddress: string }) {
  // Account asks for the list (its balance needs it on every tab); this panel only shows it.
  const tokens = useStore(tokensStore)

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
  )
}
