// What the modal reads from a WalletConnect pairing URI
// (`wc:<topic>@2?relay-protocol=irn&symKey=<key>&expiryTimestamp=<seconds>`).

/** When the pairing stops being usable, in epoch milliseconds; undefined if the URI has none. */
export function pairingExpiry(uri: string): number | undefined {
  const query = uri.split('?')[1]
  if (!query) return undefined
  const seconds = Number(new URLSearchParams(query).get('expiryTimestamp'))
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined
}

/** A pairing with no known expiry counts as expired: a new one is made rather than guessed at. */
export function isPairingExpired(expiry: number | undefined, now: number): boolean {
  return expiry === undefined || now >= expiry
}
