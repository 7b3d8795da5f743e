// How the Account view writes quantities and USD amounts.
import { formatBalance } from '@portico/core'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

export function formatUsd(value: number): string {
  return usd.format(value)
}

/** At most 3 decimals, never rounded up, thousands grouped: "9,999.5". */
export function formatQuantity(numeric: string): string {
  const [whole = '0', fraction] = formatBalance(numeric).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction ? `${grouped}.${fraction}` : grouped
}

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })

export function monthName(month: number): string {
  return monthNames.format(Date.UTC(2000, month, 1))
}
