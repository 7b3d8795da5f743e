// Core's API clients against our real server on the seeded devnet (anvil with Uniswap V2, USDC
// and PRTC): what they read of the server's answers is what the server sends, and the swap the
// convert client builds, signed by a dev account, moves the tokens on chain.
import { DEVNET_CONTRACTS } from '@portico/devnet'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import { devAccount, startServerOnDevnet } from '@portico/test-kit'
import { serverPerFile } from '@portico/test-kit/vitest'
import {
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  http,
  parseEther,
} from 'viem'
import { mainnet } from 'viem/chains'
import { describe, expect, it } from 'vitest'
import { createBlockchainApi } from './blockchain'
import { createConvertApi } from './convert'
import { createHttpClient } from './http'

const server = serverPerFile(() => startServerOnDevnet())
const eth = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const usdc = `eip155:1:${DEVNET_CONTRACTS.usdc}`
const prtc = `eip155:1:${DEVNET_CONTRACTS.token}`

function httpClient() {
  const { url, projectId } = server()
  return createHttpClient({ baseUrl: url, projectId })
}
const convertApi = () => createConvertApi(httpClient())

/** The address part of a CAIP-10 id. */
const addressOf = (caip10: string) => caip10.split(':')[2] as `0x${string}`

// A test here makes several calls through the server to the chain: more than the unit tests'
// 5 s on a loaded machine.
const chainTests = { timeout: 30_000 }

describe('the convert API client on the devnet', chainTests, () => {
  it('lists the network’s tokens with the ids offered first', async () => {
    const list = await convertApi().fetchTokens('eip155:1')
    expect(list.tokens.map((token) => token.symbol)).toEqual(
      expect.arrayContaining(['ETH', 'USDC', 'PRTC']),
    )
    expect(list.popular).toEqual(expect.arrayContaining([usdc, prtc]))
  })

  it("throws 'HTTP status code: 400' for a network the server swaps nothing on", async () => {
    await expect(convertApi().fetchTokens('eip155:999')).rejects.toThrow('HTTP status code: 400')
  })

  it('quotes from the pools, and reads no allowance for an account that gave none', async () => {
    const api = convertApi()
    const account = devAccount(2)
    const quote = await api.fetchQuote({
      amount: parseEther('1'),
      userAddress: account.address,
      from: eth,
      to: usdc,
    })
    expect(quote.fromAmount).toBe(parseEther('1'))
    expect(quote.toAmount).toBeGreaterThan(0n)
    expect(await api.fetchAllowance(usdc, account.address)).toBe(0n)
    expect(await api.fetchGasPrice('eip155:1')).toBeGreaterThan(0n)
  })

  it('builds a swap that, signed by a dev account, pays it the quoted USDC on chain', async () => {
    const api = convertApi()
    const account = devAccount(3)
    const chain = createPublicClient({ transport: http(server().rpcUrl), pollingInterval: 100 })
    const balance = () =>
      chain.readContract({
        address: DEVNET_CONTRACTS.usdc,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      })
    const before = await balance()
    const request = { amount: parseEther('0.1'), userAddress: account.address, from: eth, to: usdc }
    const quote = await api.fetchQuote(request)
    const tx = await api.buildTransaction({ ...request, slippage: 1, toAmount: quote.toAmount })

    const wallet = createWalletClient({ account, chain: mainnet, transport: http(server().rpcUrl) })
    const hash = await wallet.sendTransaction({
      to: addressOf(tx.to),
      data: tx.data as `0x${string}`,
      value: BigInt(tx.amount),
    })
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    // At least the quote less the 1 % slippage the transaction was built with.
    expect((await balance()) - before).toBeGreaterThanOrEqual((quote.toAmount * 99n) / 100n)
  })
})

describe('the blockchain API client on the devnet', chainTests, () => {
  it('reads a dev account’s ETH as the chain holds it, priced from the pools', async () => {
    const { address } = devAccount(4)
    const chain = createPublicClient({ transport: http(server().rpcUrl), pollingInterval: 100 })
    const held = Number(formatEther(await chain.getBalance({ address })))
    const balances = await createBlockchainApi(httpClient()).fetchBalances(address, 'eip155:1')
    const eth = balances.find((balance) => balance.symbol === 'ETH')
    expect(Number(eth?.quantity.numeric)).toBeCloseTo(held, 6)
    expect(eth?.price).toBeGreaterThan(0)
  })

  it('lists the devnet chain among the chains the RPC proxy serves', async () => {
    const chains = await createBlockchainApi(httpClient()).fetchSupportedChains()
    expect(chains.http).toContain('eip155:1')
  })
})
