/** `0x1234…abcd`: enough to recognise an address, short enough for a button. */
export function shortAddress(address: string, head = 4, tail = 4): string {
  if (address.length <= 2 + head + tail + 1) return address
  return `${address.slice(0, 2 + head)}…${address.slice(-tail)}`
}
