// The connect button's native balance, from our balance API. Loaded when an account first
// connects, so a page that never connects never fetches the API client.
import { type Config, getConnection } from '@wagmi/core'
import { type BlockchainApi, findNativeBalance } from '../../api/blockchain'
import type { CaipNetwork } from '../../networks'
import { getAccount, updateAccount } from '../../state/account'
import { fetchBalancesThroughGate } from '../../state/balance-retry-gate'

export async function refreshNativeBalance(
  config: Config,
  balances: Pick<BlockchainApi, 'fetchBalances'>,
  networkFor: (chainId: number) => CaipNetwork | undefined,
  refresh: { forceUpdate?: boolean } = {},
): Promise<void> {
  const connection = getConnection(config)
  const network = connection.status === 'connected' ? networkFor(connection.chainId) : undefined
  if (connection.status !== 'connected' || !network) {
    updateAccount('eip155', { balanceLoading: false })
    return
  }
  const caipAddress = `${network.caipNetworkId}:${connection.address}`
  // The balance API rather than eth_getBalance: one cached answer per account on the server,
  // and the same one the Tokens tab shows. A failure closes the retry gate for 30 s and shows
  // 'Token Balance Unavailable' (state/balance-retry-gate.ts).
  const result = await fetchBalancesThroughGate(
    balances,
    connection.address,
    network.caipNetworkId,
    refresh,
  )
  // A late answer for an account (or chain) no longer shown must not touch the current one.
  if (getAccount('eip155').caipAddress !== caipAddress) return
  if (result.status !== 'fetched') {
    updateAccount('eip155', { balanceLoading: false })
    return
  }
  const native = findNativeBalance(result.balances)
  updateAccount('eip155', {
    balance: native?.quantity.numeric ?? '0',
    balanceSymbol: native?.symbol ?? network.nativeCurrency.symbol,
    balanceLoading: false,
  })
}
