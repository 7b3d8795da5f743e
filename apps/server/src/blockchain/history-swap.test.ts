// A swap in the activity is one trade row, whichever way it goes: ETH in, where the router
// sends the ETH on from inside the transaction (after unwrapping WETH), is read by tracing it.
import {
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  type Devnet,
  porticoUsdAbi,
  startDevnet,
  uniswapV2RouterAbi,
} from '@portico/devnet'
import type { HistoryPage } from '@portico/protocol/history'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  formatEther,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { TEST_INDEXER_POLL_MS, waitUntilIndexed } from '../test/indexer-caught-up'
import { startTestServer, type TestServer } from '../test/test-server'

let devnet: Devnet
let server: TestServer

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 1, port: 0 }] })
  server = await startTestServer({
    chains: { 1: devnet.chains[0]?.rpcUrl as string },
    config: { indexer: { enabled: true, pollIntervalMs: TEST_INDEXER_POLL_MS } },
  })
})
afterAll(async () => {
  await Promise.all([server?.stop(), devnet?.stop()])
})

async function latestItem(address: string) {
  const query = new URLSearchParams({ projectId: DEV_PROJECT_ID, chainId: 'eip155:1', limit: '1' })
  const response = await fetch(`${server.url}/v1/account/${address}/history?${query}`)
  expect(response.status).toBe(200)
  return ((await response.json()) as HistoryPage).data[0]
}

describe('a swap in the activity', () => {
  it('reads a USDC -> ETH swap as one trade: USDC out, then the ETH the router paid in', async () => {
    const rpcUrl = devnet.chains[0]?.rpcUrl as string
    const chain = defineChain({
      id: 1,
      name: 'devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    })
    const account = privateKeyToAccount((DEV_ACCOUNTS[3] as { privateKey: Hex }).privateKey)
    const wallet = createWalletClient({ account, chain, transport: http() })
    const reader = createPublicClient({ chain, transport: http() })
    const router = DEVNET_CONTRACTS.uniswapV2Router as Address
    const path = [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth] as Address[]
    const amountIn = 50_000_000n
    await reader.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: DEVNET_CONTRACTS.usdc as Address,
        abi: porticoUsdAbi,
        functionName: 'approve',
        args: [router, amountIn],
      }),
    })
    const [, expectedOut] = (await reader.readContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    })) as readonly bigint[]
    const swap = await wallet.writeContract({
      address: router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [amountIn, 0n, path, account.address, BigInt(Math.floor(Date.now() / 1000) + 600)],
    })
    expect((await reader.waitForTransactionReceipt({ hash: swap })).status).toBe('success')
    await waitUntilIndexed(server.app.portico.db, { chainId: 1, rpcUrl })

    const item = await latestItem(account.address)
    expect(item?.metadata.hash).toBe(swap)
    expect(item?.metadata.operationType).toBe('trade')
    expect(
      item?.transfers.map((t) => [t.direction, t.fungible_info?.symbol, t.quantity.numeric]),
    ).toEqual([
      ['out', 'USDC', '50'],
      ['in', 'ETH', formatEther(expectedOut as bigint)],
    ])
    expect(expectedOut).toBeGreaterThan(parseEther('0.01'))
  })
})
