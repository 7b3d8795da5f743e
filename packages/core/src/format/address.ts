/** `0x1234…abcd`: enough to recognise an address, short enough for a button. */
export function shortAddress(address: string, head = 4, tail = 4): string {
  if (address.length <= 2 + head + tail + 1) return address
  return `${address.slice(0, 2 + head)}…${address.slice(-tail)}`
}

/** A balance with at most `decimals` fraction digits, trailing zeros dropped, never rounded up. */
export function formatBalance(value: string | undefined, decimals = 3): string {
  if (!value) return '0'
  const [whole = '0', fraction = ''] = value.split('.')
  const kept = fraction.slice(0, decimals).replace(/0+$/, '')
  return kept ? `${whole}.${kept}` : whole
}
