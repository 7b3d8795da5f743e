// The Account and Send views write numbers with core's one formatter (format/number.ts); the
// Send views still import it under these names.
export { formatAmount as formatQuantity, formatFiat as formatUsd } from '@portico/core'

const monthNames = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })

export function monthName(month: number): string {
  return monthNames.format(Date.UTC(2000, month, 1))
}
