// Base58 (the Bitcoin alphabet, as Solana uses it) to bytes and back.

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const DIGIT_OF = new Map([...ALPHABET].map((char, digit) => [char, BigInt(digit)]))

/** The bytes of a base58 text, or undefined when a character is not in the alphabet. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = DIGIT_OF.get(char)
    if (digit === undefined) return undefined
    value = value * 58n + digit
  }
  const body: number[] = []
  while (value > 0n) {
    body.push(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' stands for a leading zero byte.
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...body.reverse()])
}

export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text
    value /= 58n
  }
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  return '1'.repeat(zeros) + text
}
