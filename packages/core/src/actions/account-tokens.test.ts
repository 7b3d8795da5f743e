import { connect, createConfig, http, mock } from '@wagmi/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ChainAccount } from '../adapters/chain-adapter'
import { createEvmChainAdapter } from '../adapters/evm/evm-chain-adapter'
import type { TokenBalance } from '../api/blockchain'
import { HttpStatusError } from '../api/http'
import { BALANCE_RETRY_GATE_MS } from '../constants'
import { mainnet } from '../networks'
import { clearBalanceRetryGate } from '../state/balance-retry-gate'
import { networkStore, setRequestedNetworks } from '../state/network'
import { hideToast, toastStore } from '../state/toast'
import { clearTokens, tokensStore } from '../state/tokens'
import { fetchAccountTokens } from './account-tokens'

const alice = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const account: ChainAccount = {
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  address: alice,
  caipAddress: `eip155:1:${alice}`,
}

describe('fetching the Tokens tab', () => {
  // A wallet whose RPC is unreachable: wallet_getAssets fails, so the balance API answers.
  const unreachable = {
    ...mainnet,
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  } as typeof mainnet
  const usdc: TokenBalance = {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    quantity: { decimals: '6', numeric: '10000' },
    iconUrl: '',
  }

  async function connectedClient(fetchBalances: () => Promise<TokenBalance[]>) {
    const wagmiConfig = createConfig({
      chains: [unreachable],
      connectors: [mock({ accounts: [alice] })],
      transports: { 1: http('http://127.0.0.1:1') },
      storage: null,
    })
    const [connector] = wagmiConfig.connectors
    if (!connector) throw new Error('no mock connector')
    await connect(wagmiConfig, { connector })
    return {
      chain: async () => createEvmChainAdapter(wagmiConfig),
      api: { blockchain: { fetchBalances: vi.fn(fetchBalances) } },
    }
  }

  beforeEach(() => {
    clearBalanceRetryGate()
    clearTokens()
    hideToast()
    networkStore.reset()
    setRequestedNetworks([mainnet])
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('falls back to the balance API and drops 0-decimal entries', async () => {
    const zero = { ...usdc, symbol: 'ZERO', quantity: { decimals: '0', numeric: '5' } }
    const client = await connectedClient(async () => [usdc, zero])
    await fetchAccountTokens(client, account)
    expect(tokensStore.get()).toMatchObject({ source: 'api', loading: false, failed: false })
    expect(tokensStore.get().balances.map((balance) => balance.symbol)).toEqual(['USDC'])
  })

  it("after a failure shows 'Token Balance Unavailable' and asks nothing for 30 s", async () => {
    const client = await connectedClient(() => Promise.reject(new HttpStatusError(502)))
    vi.useFakeTimers({ toFake: ['Date'] })
    await fetchAccountTokens(client, account)
    expect(tokensStore.get().failed).toBe(true)
    expect(toastStore.get()).toMatchObject({ message: 'Token Balance Unavailable' })
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)

    vi.setSystemTime(Date.now() + BALANCE_RETRY_GATE_MS - 1)
    await fetchAccountTokens(client, account)
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)

    vi.setSystemTime(Date.now() + 1)
    await fetchAccountTokens(client, account)
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(2)
  })

  it("a view opening during a send's forced refresh joins it, so older balances never win", async () => {
    const answers: ((balances: TokenBalance[]) => void)[] = []
    const client = await connectedClient(
      () => new Promise<TokenBalance[]>((resolve) => answers.push(resolve)),
    )
    const forced = fetchAccountTokens(client, account, { forceUpdate: true })
    const plain = fetchAccountTokens(client, account)
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    answers[0]?.([{ ...usdc, quantity: { decimals: '6', numeric: '9999.5' } }])
    await Promise.all([forced, plain])
    expect(client.api.blockchain.fetchBalances).toHaveBeenCalledTimes(1)
    expect(tokensStore.get().balances[0]?.quantity.numeric).toBe('9999.5')
  })

  it('shows the answer of the latest fetch even when an earlier one answers after it', async () => {
    const answers: ((balances: TokenBalance[]) => void)[] = []
    const client = await connectedClient(
      () => new Promise<TokenBalance[]>((resolve) => answers.push(resolve)),
    )
    const first = fetchAccountTokens(client, account, { forceUpdate: true })
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    const second = fetchAccountTokens(client, account, { forceUpdate: true })
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[1]?.([{ ...usdc, quantity: { decimals: '6', numeric: '9999.5' } }])
    await second
    answers[0]?.([usdc])
    await first
    expect(tokensStore.get().balances[0]?.quantity.numeric).toBe('9999.5')
    expect(tokensStore.get().loading).toBe(false)
  })
})
