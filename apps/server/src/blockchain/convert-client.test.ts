// The swap view's client (@portico/core api/convert.ts) against the real server on a devnet:
// both sides of the convert calls agree on paths, parameters and shapes, and what the client
// builds runs on the chain.
import { createConvertApi, createHttpClient } from '@portico/core'
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, uniswapV2RouterAbi } from '@portico/devnet'
import { CONVERT_NATIVE_TOKEN_ADDRESS, minimumToAmount } from '@portico/protocol/convert-slippage'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'

let setup: DevnetServer

beforeAll(async () => {
  setup = await startDevnetServer()
})
afterAll(async () => {
  await setup?.stop()
})

const api = () =>
  createConvertApi(createHttpClient({ baseUrl: setup.server.url, projectId: DEV_PROJECT_ID }))
const eth = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const usdc = `eip155:1:${DEVNET_CONTRACTS.usdc}`
const bare = (caip10: string) => caip10.split(':').at(-1) as Address

function chainClients(index: number) {
  const chain = defineChain({
    id: 1,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [setup.rpcUrl] } },
  })
  const account = privateKeyToAccount((DEV_ACCOUNTS[index] as { privateKey: Hex }).privateKey)
  return {
    account,
    wallet: createWalletClient({ account, chain, transport: http() }),
    reader: createPublicClient({ chain, transport: http() }),
  }
}

describe('the convert client against the server', () => {
  it('lists the swappable tokens, the native coin first', async () => {
    const list = await api().fetchTokens('eip155:1')
    expect(list.tokens.map((token) => token.symbol)).toEqual(['ETH', 'USDC', 'PRTC'])
    expect(list.tokens[0]?.address.toLowerCase()).toBe(eth)
    expect(list.popular.every((id) => list.tokens.some((token) => token.address === id))).toBe(true)
  })

  it("quotes what the router's getAmountsOut pays, and reads a gas price", async () => {
    const { reader, account } = chainClients(4)
    const amount = parseEther('0.1')
    const quote = await api().fetchQuote({
      amount,
      userAddress: account.address,
      from: eth,
      to: usdc,
    })
    const [, out] = (await reader.readContract({
      address: DEVNET_CONTRACTS.uniswapV2Router as Address,
      abi: uniswapV2RouterAbi,
      functionName: 'getAmountsOut',
      args: [amount, [DEVNET_CONTRACTS.weth as Address, DEVNET_CONTRACTS.usdc as Address]],
    })) as readonly bigint[]
    expect(quote.fromAmount).toBe(amount)
    expect(quote.toAmount).toBe(out)
    expect(quote.priceImpact).toBeGreaterThan(0)
    expect(quote.gas).toBeGreaterThan(0n)
    expect(await api().fetchGasPrice('eip155:1')).toBeGreaterThan(0n)
  })

  it('builds an approval that the allowance then reads back, and a swap paying at least the minimum', async () => {
    const { wallet, reader, account } = chainClients(4)
    const amount = 50_000_000n
    expect(await api().fetchAllowance(usdc, account.address)).toBe(0n)
    const approve = await api().buildApprove({
      userAddress: account.address,
      from: usdc,
      to: eth,
      amount,
    })
    await reader.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ to: bare(approve.to), data: approve.data as Hex }),
    })
    expect(await api().fetchAllowance(usdc, account.address)).toBe(amount)

    const quote = await api().fetchQuote({
      amount,
      userAddress: account.address,
      from: usdc,
      to: eth,
    })
    const tx = await api().buildTransaction({
      amount,
      userAddress: account.address,
      from: usdc,
      to: eth,
      slippage: 1,
      toAmount: quote.toAmount,
    })
    const before = await reader.getBalance({ address: account.address })
    const receipt = await reader.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({
        to: bare(tx.to),
        data: tx.data as Hex,
        value: BigInt(tx.amount),
        gas: BigInt(tx.eip155.gas),
      }),
    })
    expect(receipt.status).toBe('success')
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    const received = (await reader.getBalance({ address: account.address })) - before + fee
    expect(received).toBeGreaterThanOrEqual(minimumToAmount(quote.toAmount, 1))
  })

  it("gets 'HTTP status code: 400' for a chain without swaps", async () => {
    await expect(api().fetchTokens('eip155:999')).rejects.toThrow('HTTP status code: 400')
  })
})
