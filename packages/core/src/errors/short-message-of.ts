// The text a view shows for any failure, ours or a wallet's. A module of its own: the views
// and flows that show failures are lazy chunks, and a function sharing portico-error.ts (which
// the page loads) would be carried into the page with it.

/** What a view shows for a failure: the short message when there is one, else the message. */
export function shortMessageOf(error: unknown): string | undefined {
  const { shortMessage, message } = (error ?? {}) as { shortMessage?: unknown; message?: unknown }
  if (typeof shortMessage === 'string' && shortMessage) return shortMessage
  return typeof message === 'string' && message ? message : undefined
}
