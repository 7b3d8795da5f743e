// Solana addresses (base58 of a 32-byte ed25519 key) as the balance route, the modal and the
// RPC proxy's callers check them, with a reason a person can act on, and the ids the product
// writes for SOL itself.

/** The wrapped SOL mint: the address balance answers give SOL in CAIP-10 (`solana:<ref>:So11...`). */
export const SOLANA_NATIVE_TOKEN_ADDRESS = 'So11111111111111111111111111111111111111112'
/** Solana mainnet's CAIP-2 id (the first 32 characters of its genesis hash). */
export const SOLANA_MAINNET_CAIP2 = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
export const SOL_DECIMALS = 9

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Bytes a base58 text decodes to, or undefined when it holds a character base58 has not. */
export function base58ByteLength(text: string): number | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  let length = 0
  while (value > 0n) {
    length++
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    length++
  }
  return length
}

/** Why `text` is not a Solana address, in plain words; undefined when it is one. */
export function solanaAddressProblem(text: string): string | undefined {
  if (text.length === 0) return 'Invalid Solana address: it is empty'
  // 32 bytes take 32 to 44 base58 characters; a longer text need not be decoded to say so.
  if (text.length > 44)
    return 'Invalid Solana address: a Solana address is 32 bytes (32 to 44 characters)'
  const length = base58ByteLength(text)
  if (length === undefined) {
    return 'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)'
  }
  if (length !== 32) {
    return `Invalid Solana address: it decodes to ${length} bytes, a Solana address is 32`
  }
  return undefined
}
