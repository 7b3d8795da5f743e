import { Avatar } from './avatar'

export interface TokenRowProps {
  name: string
  symbol: string
  iconUrl?: string | undefined
  /** Already formatted for display ("9,999.5"). */
  quantity: string
  /** Already formatted ("$29,998.50"); absent when the token has no price. */
  usdValue?: string | undefined
}

/** One token of a balance list: icon, name, symbol, quantity and USD value. */
export function TokenRow({ name, symbol, iconUrl, quantity, usdValue }: TokenRowProps) {
  return (
    <li className="portico-token-row">
      <Avatar src={iconUrl} name={symbol} round />
      <span className="portico-token-names">
        <span className="portico-token-name">{name}</span>
        <span className="portico-muted">
          {quantity} {symbol}
        </span>
      </span>
      <span className="portico-token-value">{usdValue ?? '—'}</span>
    </li>
  )
}
