// The balance retry gate (docs/product.md#balance-fetch): a failed balance fetch blocks fetches for
// the same account and network for BALANCE_RETRY_GATE_MS (30 s) and shows the 'Token Balance
// Unavailable' toast, as does asking for a network the app did not request. Time comes from
// clock.ts, so tests use fake timers.
import type { BlockchainApi, TokenBalance } from '../api/blockchain'
import { BALANCE_RETRY_GATE_MS } from '../constants'
import { clock } from '../time/clock'
import { isNetworkRequested } from './network'
import { createStore } from './store'
import { showError } from './toast'

export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

export interface BalanceRetryGateState {
  /** `caipNetworkId:address` -> when fetching may be tried again (ms since the epoch). */
  blockedUntil: Record<string, number>
}

export const balanceRetryGateStore = /* @__PURE__ */ createStore<BalanceRetryGateState>(() => ({
  blockedUntil: {},
}))

export function balanceGateKey(address: string, caipNetworkId: string): string {
  return `${caipNetworkId}:${address.toLowerCase()}`
}

export function isBalanceFetchAllowed(address: string, caipNetworkId: string): boolean {
  const until = balanceRetryGateStore.get().blockedUntil[balanceGateKey(address, caipNetworkId)]
  return until === undefined || clock.now() >= until
}

/** Blocks fetches for this account and network for the next 30 s. */
export function blockBalanceRetries(address: string, caipNetworkId: string): void {
  const now = clock.now()
  balanceRetryGateStore.set((state) => ({
    blockedUntil: {
      // Expired entries go, so the map holds only what still blocks.
      ...Object.fromEntries(Object.entries(state.blockedUntil).filter(([, until]) => until > now)),
      [balanceGateKey(address, caipNetworkId)]: now + BALANCE_RETRY_GATE_MS,
    },
  }))
}

export function clearBalanceRetryGate(): void {
  balanceRetryGateStore.reset()
}

export type GatedBalances =
  | { status: 'fetched'; balances: TokenBalance[] }
  /** Within 30 s of a failure: nothing was asked. */
  | { status: 'blocked' }
  | { status: 'unsupported' }
  | { status: 'failed'; error: unknown }

/**
 * Fetches balances unless the gate is closed. A failure closes it and shows the toast; an
 * unrequested network shows the toast and asks nothing.
 */
export async function fetchBalancesThroughGate(
  api: Pick<BlockchainApi, 'fetchBalances'>,
  address: string,
  caipNetworkId: string,
  options: { forceUpdate?: boolean; signal?: AbortSignal } = {},
): Promise<GatedBalances> {
  if (!isNetworkRequested(caipNetworkId)) {
    showError(TOKEN_BALANCE_UNAVAILABLE)
    return { status: 'unsupported' }
  }
  if (!isBalanceFetchAllowed(address, caipNetworkId)) return { status: 'blocked' }
  try {
    return { status: 'fetched', balances: await api.fetchBalances(address, caipNetworkId, options) }
  } catch (error) {
    // The caller gave up: that is no failure of the fetch.
    if (options.signal?.aborted) return { status: 'failed', error }
    blockBalanceRetries(address, caipNetworkId)
    showError(TOKEN_BALANCE_UNAVAILABLE)
    return { status: 'failed', error }
  }
}
