// How the Activity list names a month. Numbers are written by core's one formatter
// (packages/core/src/format/number.ts).
const monthNames = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' })

export function monthName(month: number): string {
  return monthNames.format(Date.UTC(2000, month, 1))
}
