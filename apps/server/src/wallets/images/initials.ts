// The letters an image shows for a name: the first letters of its first two words, where a
// capital inside a word starts a new one ('MetaMask' -> 'MM', 'imToken' -> 'IT', 'Trust Wallet'
// -> 'TW'), or the first letter of a one-word name ('Phantom' -> 'P').

const WORD_BOUNDARY = /(?<=[a-z0-9])(?=[A-Z])/

export function initialsOf(name: string): string {
  const words = name
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((word) => word.split(WORD_BOUNDARY))
    .filter((word) => word !== '')
  const letters = words.slice(0, 2).map((word) => [...word][0] ?? '')
  return letters.join('').toUpperCase() || '?'
}

/** A token symbol as its image shows it: up to four characters, uppercase ('usdc' -> 'USDC'). */
export function symbolLabelOf(symbol: string): string {
  return [...symbol.toUpperCase()].slice(0, 4).join('')
}
