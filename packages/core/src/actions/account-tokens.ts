// The Tokens tab's balances (docs/product.md#balance-fetch): on EVM the wallet's asset query
// (EIP-7811 wallet_getAssets, through wagmi's connector provider) first, accepted only when
// every asset passes the spec's shape rules; otherwise our balance API, behind the 30 s retry
// gate. The native entry also refreshes the account's balance (the connect button's).
import { type Config, getConnection } from '@wagmi/core'
import { type BlockchainApi, findNativeBalance, type TokenBalance } from '../api/blockchain'
import { updateAccount } from '../state/account'
import { fetchBalancesThroughGate, isBalanceFetchAllowed } from '../state/balance-retry-gate'
import { isNetworkRequested } from '../state/network'
import {
  acceptedWalletAssets,
  failTokensFetch,
  setTokens,
  startTokensFetch,
  walletAssetsToBalances,
} from '../state/tokens'

export interface TokensClient {
  wagmiConfig: Config
  api: { blockchain: Pick<BlockchainApi, 'fetchBalances'> }
}

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** A WalletConnect provider's session: what the wallet agreed to answer. */
  session?: { namespaces?: Record<string, { methods?: readonly string[] }> }
}

/**
 * Whether to ask the wallet at all. A WalletConnect provider sends a method its session does
 * not list to the RPC endpoint instead, where it is refused (a 400 in the console of every
 * WalletConnect connection); an injected wallet is asked and says itself if it cannot.
 */
function mayAnswer(provider: Eip1193, method: string): boolean {
  const namespaces = provider.session?.namespaces
  if (!namespaces) return true
  return Object.values(namespaces).some((namespace) => namespace.methods?.includes(method))
}

/** The wallet's assets on the chain, if it answers wallet_getAssets acceptably. */
export async function requestWalletAssets(
  provider: Eip1193 | undefined,
  address: string,
  chainId: number,
  caipNetworkId: string,
): Promise<TokenBalance[] | undefined> {
  if (!provider || !mayAnswer(provider, 'wallet_getAssets')) return undefined
  try {
    const answer = await provider.request({
      method: 'wallet_getAssets',
      params: [{ account: address, chainFilter: [`0x${chainId.toString(16)}`] }],
    })
    const assets = acceptedWalletAssets(answer, chainId)
    return assets ? walletAssetsToBalances(assets, caipNetworkId) : undefined
  } catch {
    // Unsupported (4200, -32601) or failed: the balance API answers instead.
    return undefined
  }
}

/** The fetch whose answer the list shows: a later one supersedes an earlier one. */
let latestFetch = 0
let running: { caipAddress: string; done: Promise<void> } | undefined

export async function fetchAccountTokens(
  client: TokensClient,
  options: { forceUpdate?: boolean } = {},
): Promise<void> {
  const connection = getConnection(client.wagmiConfig)
  if (connection.status !== 'connected' || !connection.address) return
  const caipAddress = `eip155:${connection.chainId}:${connection.address}`
  // A plain refresh (a view opening) joins a fetch already running for the account: it would
  // bring nothing fresher, and finishing last it could put older balances over newer ones
  // (the Account view opening while a send's forced refresh runs).
  if (!options.forceUpdate && running?.caipAddress === caipAddress) return running.done
  const fetchId = ++latestFetch
  const done = fetchTokens(client, connection, options, () => fetchId === latestFetch)
  running = { caipAddress, done }
  try {
    await done
  } finally {
    if (running?.done === done) running = undefined
  }
}

async function fetchTokens(
  client: TokensClient,
  connection: {
    address: string
    chainId: number
    connector?: { getProvider?(): Promise<unknown> }
  },
  options: { forceUpdate?: boolean },
  isLatest: () => boolean,
): Promise<void> {
  const caipNetworkId = `eip155:${connection.chainId}`
  const caipAddress = `${caipNetworkId}:${connection.address}`
  startTokensFetch(caipAddress)

  let balances: TokenBalance[] | undefined
  let source: 'wallet' | 'api' = 'wallet'
  const allowed =
    isNetworkRequested(caipNetworkId) && isBalanceFetchAllowed(connection.address, caipNetworkId)
  // The balance API is asked at once, beside the wallet: when the wallet cannot answer (most
  // cannot yet), its answer is on the way already. It counts (retry gate, toast) only if used.
  const early = allowed
    ? client.api.blockchain.fetchBalances(connection.address, caipNetworkId, options)
    : undefined
  early?.catch(() => undefined)
  if (allowed) {
    const provider = (await connection.connector?.getProvider?.().catch(() => undefined)) as
      | Eip1193
      | undefined
    balances = await requestWalletAssets(
      provider,
      connection.address,
      connection.chainId,
      caipNetworkId,
    )
  }
  if (!balances) {
    source = 'api'
    const api = early ? { fetchBalances: () => early } : client.api.blockchain
    const result = await fetchBalancesThroughGate(api, connection.address, caipNetworkId, options)
    if (result.status !== 'fetched') {
      if (isLatest()) failTokensFetch(caipAddress)
      return
    }
    balances = result.balances
  }
  if (!isLatest()) return
  setTokens(caipAddress, balances, source)
  const native = findNativeBalance(balances)
  if (native) {
    updateAccount('eip155', { balance: native.quantity.numeric, balanceSymbol: native.symbol })
  }
}
