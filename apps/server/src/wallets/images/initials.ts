// The letters an image shows for a name: the first letters of its first two words, where a
// capital inside a word starts a new one ('MetaMask' -> 'MM', 'imToken' -> 'IT', 'Trust Wallet'
// -> 'TW'), or the first letter of a one-word name ('Phantom' -> 'P'); more of the first word
// where names shown together would otherwise share them.

const WORD_BOUNDARY = /(?<=[a-z0-9])(?=[A-Z])/

/** The most characters a badge shows (badge-svg.ts sizes its text for up to four). */
const MAX_LABEL_LENGTH = 4

function wordsOf(name: string): string[] {
  return name
    .split(/[^\p{L}\p{N}]+/u)
    .flatMap((word) => word.split(WORD_BOUNDARY))
    .filter((word) => word !== '')
}

/**
 * The label with the first word's first `lead` letters ('Binance Wallet', 2 -> 'BiW'): one
 * capital, then small letters, so 'BiW' still reads as two words' initials.
 */
function labelOf(name: string, lead: number): string {
  const [first = '', second] = wordsOf(name)
  const [head = '', ...rest] = [...first]
  const letters =
    head.toUpperCase() +
    rest
      .slice(0, lead - 1)
      .join('')
      .toLowerCase()
  const label = second === undefined ? letters : letters + ([...second][0] ?? '').toUpperCase()
  return label || '?'
}

export function initialsOf(name: string): string {
  return labelOf(name, 1)
}

/**
 * Labels for names shown side by side, no two alike where the names allow it: initials, and
 * for names that share them more of the first word, as far as needed ('Binance Wallet' and
 * 'Brave Wallet' both 'BW' -> 'BiW', 'BrW'; 'Frame', 'Family', 'Frontier' -> 'Fra', 'Fa', 'Fro').
 * Two monograms of one look beside each other in a list tell the visitor nothing.
 */
export function distinctInitials(names: readonly string[]): Map<string, string> {
  const lead = new Map(names.map((name) => [name, 1]))
  for (let round = 0; round < MAX_LABEL_LENGTH; round++) {
    const holders = new Map<string, string[]>()
    for (const name of lead.keys()) {
      const label = labelOf(name, lead.get(name) ?? 1)
      holders.set(label, [...(holders.get(label) ?? []), name])
    }
    let lengthened = false
    for (const shared of holders.values()) {
      if (shared.length < 2) continue
      for (const name of shared) {
        const next = (lead.get(name) ?? 1) + 1
        if ([...labelOf(name, next)].length > MAX_LABEL_LENGTH) continue
        if (labelOf(name, next) === labelOf(name, next - 1)) continue
        lead.set(name, next)
        lengthened = true
      }
    }
    if (!lengthened) break
  }
  return new Map([...lead].map(([name, count]) => [name, labelOf(name, count)]))
}

/** A token symbol as its image shows it: up to four characters, uppercase ('usdc' -> 'USDC'). */
export function symbolLabelOf(symbol: string): string {
  return [...symbol.toUpperCase()].slice(0, 4).join('')
}
