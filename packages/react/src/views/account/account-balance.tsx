import { accountStore, formatAmount, formatFiat, tokensStore, totalUsdValue } from '@portico/core'
import { useStore } from '../../hooks/use-store'

/**
 * The account's one balance: the tokens' worth in USD once they are known for this account and
 * network, else the native coin's balance (the token list failed or has not come yet). The
 * Tokens tab lists each coin without a total, so no figure is shown twice.
 */
export function AccountBalance({ caipAddress }: { caipAddress: string | undefined }) {
  const account = useStore(accountStore, (state) => state.byNamespace.eip155)
  const tokens = useStore(tokensStore)
  const known = tokens.caipAddress === caipAddress && tokens.balances.length > 0
  const text = known
    ? formatFiat(totalUsdValue(tokens.balances))
    : account?.balance === undefined
      ? 'Loading balance…'
      : `${formatAmount(account.balance)} ${account.balanceSymbol ?? ''}`.trim()
  return (
    <p className="portico-account-balance" role="status" aria-label="Balance">
      {text}
    </p>
  )
}
