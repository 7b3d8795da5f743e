// The Tokens tab's balances (docs/product.md#balance-fetch) of the account it is given: the
// wallet's own answer first, through the namespace's adapter (on EVM the EIP-7811 asset query,
// accepted only when every asset passes the spec's shape rules); otherwise our balance API,
// behind the 30 s retry gate. The native entry also refreshes the account's balance (the
// connect button's).
import type { ChainAccount, ChainAdapterFor } from '../adapters/chain-adapter'
import { type BlockchainApi, findNativeBalance, type TokenBalance } from '../api/blockchain'
import { getAccount, updateAccount } from '../state/account'
import { fetchBalancesThroughGate, isBalanceFetchAllowed } from '../state/balance-retry-gate'
import { isNetworkRequested } from '../state/network'
import { failTokensFetch, setTokens, startTokensFetch } from '../state/tokens'

export interface TokensClient {
  /** The namespace adapters (the client's), which ask the wallet. */
  chain: ChainAdapterFor
  api: { blockchain: Pick<BlockchainApi, 'fetchBalances'> }
}

/** The fetch whose answer the list shows: a later one supersedes an earlier one. */
let latestFetch = 0
let running: { caipAddress: string; done: Promise<void> } | undefined

export async function fetchAccountTokens(
  client: TokensClient,
  account: ChainAccount,
  options: { forceUpdate?: boolean } = {},
): Promise<void> {
  const { caipAddress } = account
  // A plain refresh (a view opening) joins a fetch already running for the account: it would
  // bring nothing fresher, and finishing last it could put older balances over newer ones
  // (the Account view opening while a send's forced refresh runs).
  if (!options.forceUpdate && running?.caipAddress === caipAddress) return running.done
  const fetchId = ++latestFetch
  const done = fetchTokens(client, account, options, () => fetchId === latestFetch)
  running = { caipAddress, done }
  try {
    await done
  } finally {
    if (running?.done === done) running = undefined
  }
}

async function fetchTokens(
  client: TokensClient,
  account: ChainAccount,
  options: { forceUpdate?: boolean },
  isLatest: () => boolean,
): Promise<void> {
  const { address, caipAddress, caipNetworkId } = account
  startTokensFetch(caipAddress)

  let balances: TokenBalance[] | undefined
  let source: 'wallet' | 'api' = 'wallet'
  const allowed = isNetworkRequested(caipNetworkId) && isBalanceFetchAllowed(address, caipNetworkId)
  // The balance API is asked at once, beside the wallet: when the wallet cannot answer (most
  // cannot yet), its answer is on the way already. It counts (retry gate, toast) only if used.
  const early = allowed
    ? client.api.blockchain.fetchBalances(address, caipNetworkId, options)
    : undefined
  early?.catch(() => undefined)
  if (allowed) {
    const adapter = await client.chain(account.namespace).catch(() => undefined)
    balances = await adapter?.requestWalletBalances(account)
  }
  if (!balances) {
    source = 'api'
    const api = early ? { fetchBalances: () => early } : client.api.blockchain
    const result = await fetchBalancesThroughGate(api, address, caipNetworkId, options)
    if (result.status !== 'fetched') {
      if (isLatest()) failTokensFetch(caipAddress)
      return
    }
    balances = result.balances
  }
  if (!isLatest()) return
  setTokens(caipAddress, balances, source)
  const native = findNativeBalance(balances)
  // The connect button shows the namespace's current account: a late answer for another
  // account of it (switched meanwhile) leaves it alone.
  if (native && getAccount(account.namespace).caipAddress === caipAddress) {
    updateAccount(account.namespace, {
      balance: native.quantity.numeric,
      balanceSymbol: native.symbol,
    })
  }
}
