// The server's refusals that mean the page itself is misconfigured, and the alert the modal shows
// for each (docs/product.md#alerts): the provider's message maps onto the spec's short title.
// Any call can meet them (the project is checked in front of every route), so the HTTP client
// reports them wherever they arise; the call still fails as it would.
// Types only from the protocol's error-answer module: its schema would bring typebox to the page.
import type { ErrorAnswer } from '@portico/protocol/error-answer'

const PROVIDER_ALERTS: ReadonlyMap<string, string> = new Map([
  ['Unauthorized: invalid key', 'Invalid Project ID'],
  ['Unauthorized: origin not allowed', 'Invalid App Configuration'],
  // A token dated ahead of the server's clock: the visitor's time settings (ours answers
  // 'Session Expired' itself; a provider in front of it may say this).
  ['JWT Token is not yet valid', 'Session Expired'],
])

/** The alert for a refusal's body (an ErrorAnswer), if it is one of the provider's. */
export function providerAlertOf(body: unknown): string | undefined {
  const message = (body as Partial<ErrorAnswer> | undefined)?.error?.message
  return typeof message === 'string' ? PROVIDER_ALERTS.get(message) : undefined
}
