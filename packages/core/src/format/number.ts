// The one way Portico writes a number a visitor reads: amounts of a coin or token (button,
// Account header, token rows, Send, Activity) and fiat values. Amounts are decimal strings
// (as viem's formatUnits gives them) and are cut, never rounded up: a balance never shows more
// than the account holds. docs/product.md#constants: amounts with 3 decimals.
import { TRANSACTION_AMOUNT_DECIMALS } from '../constants'

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

export interface FormatAmountOptions {
  /** Fraction digits always shown (Activity writes "0.010"); at most 3 are ever shown. */
  minDecimals?: number
}

/**
 * "9999.99999" -> "9,999.999", "10000.000" -> "10,000", "0.00002" -> "<0.001". A missing
 * amount is "0"; a string that is not a plain decimal is shown as it is.
 */
export function formatAmount(
  numeric: string | undefined,
  { minDecimals = 0 }: FormatAmountOptions = {},
): string {
  const match = DECIMAL.exec(numeric?.trim() || '0')
  if (!match) return numeric ?? ''
  const [, sign = '', rawWhole = '0', fraction = ''] = match
  const whole = rawWhole.replace(/^0+(?=\d)/, '')
  const padTo = Math.min(minDecimals, TRANSACTION_AMOUNT_DECIMALS)
  let kept = fraction.slice(0, TRANSACTION_AMOUNT_DECIMALS).replace(/0+$/, '')
  kept = kept.padEnd(padTo, '0')
  const shownZero = whole === '0' && /^0*$/.test(kept)
  if (shownZero && /[1-9]/.test(fraction)) {
    const smallest = `0.${'1'.padStart(TRANSACTION_AMOUNT_DECIMALS, '0')}`
    return sign ? `>-${smallest}` : `<${smallest}`
  }
  const body = kept ? `${groupThousands(whole)}.${kept}` : groupThousands(whole)
  return shownZero ? body : `${sign}${body}`
}

let usd: Intl.NumberFormat | undefined

/** "$1,234.50"; a value above zero but under a cent is "<$0.01", not "$0.00". */
export function formatFiat(value: number): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  if (value > 0 && value < 0.005) return `<${usd.format(0.01)}`
  return usd.format(value)
}
