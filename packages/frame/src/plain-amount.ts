// Amounts and addresses as the confirm writes them. An amount keeps up to 6 decimals, cut
// toward zero (never more than is true: "at least 14.803611 USDC" holds), grouped by thousands;
// an address is shortened only where the full one is shown beside it.
import { formatUnits } from 'viem'

const SHOWN_DECIMALS = 6

function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}

/** `value` base units of a token with `decimals`, e.g. 14803611n, 6 -> "14.803611". */
export function plainAmount(value: bigint, decimals: number): string {
  const negative = value < 0n
  const [whole = '0', fraction = ''] = formatUnits(negative ? -value : value, decimals).split('.')
  const cut = fraction.slice(0, SHOWN_DECIMALS).replace(/0+$/, '')
  if (value !== 0n && whole === '0' && cut === '') return `<0.${'0'.repeat(SHOWN_DECIMALS - 1)}1`
  return `${negative ? '-' : ''}${group(whole)}${cut ? `.${cut}` : ''}`
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** US dollars with cents, e.g. 0.6 -> "$0.60"; below a cent "<$0.01". */
export function plainUsd(value: number): string {
  return value > 0 && value < 0.01 ? '<$0.01' : usd.format(value)
}

/** 0x7099…79C8: enough to recognise, with the full address in the rows. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}
