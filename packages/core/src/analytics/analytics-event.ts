// A tracked event as it goes to the server: its name, time, and the spec's properties (network,
// isSmartAccount) with how the visitor connects and the wallet's name. Whatever else a host's
// listener sees (an error's message, which may hold an address) stays in the page.
import type { AnalyticsEvent, AnalyticsEventProperties } from '@portico/protocol/analytics'
import {
  ANALYTICS_WALLET_MAX_LENGTH,
  CONNECT_METHODS,
  type ConnectMethod,
} from '@portico/protocol/analytics-events'
import type { PorticoEvent } from '../events/events'
import type { TrackingProperties } from '../events/tracking-properties'

/** The protocol's CAIP-2 pattern: a network id the server would refuse is left out. */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

const isConnectMethod = (value: unknown): value is ConnectMethod =>
  CONNECT_METHODS.includes(value as ConnectMethod)

/** `context` is what the stores said when the event was tracked; the event's own values win. */
export function toAnalyticsEvent(entry: PorticoEvent, context: TrackingProperties): AnalyticsEvent {
  const own = entry.properties ?? {}
  const properties: AnalyticsEventProperties = {}
  const network = typeof own.network === 'string' ? own.network : context.network
  if (network !== undefined && CAIP2.test(network)) properties.network = network
  properties.isSmartAccount =
    typeof own.isSmartAccount === 'boolean' ? own.isSmartAccount : context.isSmartAccount
  if (isConnectMethod(own.method)) properties.method = own.method
  const wallet = typeof own.name === 'string' ? own.name.trim().replaceAll('\u0000', '') : ''
  if (wallet !== '') properties.wallet = wallet.slice(0, ANALYTICS_WALLET_MAX_LENGTH)
  return { event: entry.event, timestamp: Math.max(0, Math.floor(entry.timestamp)), properties }
}
