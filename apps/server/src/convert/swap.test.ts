// The transactions the convert routes build, signed by dev accounts and sent to the seeded
// devnet: they execute, pay at least the minimum at the slippage, revert when a pool moved past
// it, and the approval the server builds is the allowance it then reads back.
import { DEV_ACCOUNTS, DEVNET_CONTRACTS, uniswapV2RouterAbi } from '@portico/devnet'
import type {
  ConvertAllowanceAnswer,
  ConvertGasPriceAnswer,
  ConvertQuotesAnswer,
  ConvertTransaction,
  ConvertTransactionAnswer,
} from '@portico/protocol/convert'
import {
  CONVERT_NATIVE_TOKEN_ADDRESS,
  MAX_SLIPPAGE_PERCENT,
  minimumToAmount,
} from '@portico/protocol/convert-slippage'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  decodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { convertClient } from '../test/convert-client'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'
import { swapGasLimit } from './convert-constants'

let setup: DevnetServer
let client: ReturnType<typeof convertClient>
let chain: ReturnType<typeof createPublicClient>
const devnetChain = { ...foundry, id: 1 }

const ETH = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const USDC = `eip155:1:${DEVNET_CONTRACTS.usdc}`
const PRTC = `eip155:1:${DEVNET_CONTRACTS.token}`

beforeAll(async () => {
  setup = await startDevnetServer()
  client = convertClient(setup.server.url)
  chain = createPublicClient({ chain: devnetChain, transport: http(setup.rpcUrl) })
})
afterAll(async () => {
  await setup?.stop()
})

function accountOf(index: number) {
  return privateKeyToAccount((DEV_ACCOUNTS[index] as { privateKey: Hex }).privateKey)
}

const plain = (caip10: string) => caip10.split(':')[2] as Address

/** The least the swap pays, as the router reads it from the calldata. */
function amountOutMinOf(tx: ConvertTransaction): bigint {
  const { functionName, args } = decodeFunctionData({
    abi: uniswapV2RouterAbi,
    data: tx.data as Hex,
  })
  // swapExactETHForTokens(amountOutMin, ...); the token-in swaps take amountIn first.
  return (functionName === 'swapExactETHForTokens' ? args[0] : args[1]) as bigint
}

/** Signs and sends a transaction as the server built it; the receipt. */
async function send(index: number, tx: ConvertTransaction) {
  const account = accountOf(index)
  expect(plain(tx.from)).toBe(account.address)
  const wallet = createWalletClient({ account, chain: devnetChain, transport: http(setup.rpcUrl) })
  const hash = await wallet.sendTransaction({
    to: plain(tx.to),
    data: tx.data as Hex,
    value: BigInt(tx.amount),
    gas: BigInt(tx.eip155.gas),
    gasPrice: BigInt(tx.eip155.gasPrice),
  })
  return chain.waitForTransactionReceipt({ hash })
}

async function quote(index: number, from: string, to: string, amount: bigint) {
  const answer = await client.get<ConvertQuotesAnswer>('/v1/convert/quotes', {
    amount: amount.toString(),
    userAddress: `eip155:1:${accountOf(index).address}`,
    from,
    to,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body.quotes[0] as ConvertQuotesAnswer['quotes'][number]
}

async function buildSwap(body: Record<string, unknown>) {
  return client.post<ConvertTransactionAnswer & ErrorAnswer>('/v1/convert/build-transaction', {
    projectId: DEV_PROJECT_ID,
    ...body,
  })
}

function balanceOf(asset: string, owner: Address): Promise<bigint> {
  if (asset === ETH) return chain.getBalance({ address: owner })
  return chain.readContract({
    address: plain(asset),
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
}

async function allowanceOf(index: number, token: string) {
  const { status, body } = await client.get<ConvertAllowanceAnswer>('/v1/convert/allowance', {
    tokenAddress: token,
    userAddress: `eip155:1:${accountOf(index).address}`,
  })
  expect(status).toBe(200)
  return BigInt(body.allowance)
}

async function approve(index: number, from: string, to: string, amount?: bigint) {
  const { status, body } = await client.get<ConvertTransactionAnswer>('/v1/convert/build-approve', {
    userAddress: accountOf(index).address,
    from,
    to,
    ...(amount === undefined ? {} : { amount: amount.toString() }),
  })
  expect(status, JSON.stringify(body)).toBe(200)
  expect(body.tx).toMatchObject({ to: from, amount: '0' })
  const receipt = await send(index, body.tx)
  expect(receipt.status).toBe('success')
}

describe('swaps built by the server, sent on the devnet', () => {
  it('swaps 0.1 ETH to USDC: the calldata executes and pays at least the minimum at 1 %', async () => {
    const user = accountOf(5).address
    const amount = parseEther('0.1')
    const quoted = await quote(5, ETH, USDC, amount)
    const { status, body } = await buildSwap({
      amount: amount.toString(),
      from: ETH,
      to: USDC,
      userAddress: user,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.tx).toMatchObject({
      from: `eip155:1:${user}`,
      to: `eip155:1:${DEVNET_CONTRACTS.uniswapV2Router}`,
      amount: amount.toString(),
    })
    const before = await balanceOf(USDC, user)
    const receipt = await send(5, body.tx)
    expect(receipt.status).toBe('success')
    const received = (await balanceOf(USDC, user)) - before
    // Nothing traded in between: exactly the quote, and so at least its minimum.
    expect(received).toBe(BigInt(quoted.toAmount))
    expect(received).toBeGreaterThanOrEqual(minimumToAmount(BigInt(quoted.toAmount), 1))
    expect(receipt.gasUsed).toBeLessThan(swapGasLimit(1))
  })

  it('swaps 50 USDC to native ETH after the approval it builds, which the allowance reads back', async () => {
    const index = 3
    const user = accountOf(index).address
    const amount = parseUnits('50', 6)
    expect(await allowanceOf(index, USDC)).toBe(0n)
    // Without the approval the chain's estimate reverts: refused, with the router's reason.
    const early = await buildSwap({
      amount: amount.toString(),
      from: USDC,
      to: ETH,
      userAddress: user,
    })
    expect(early.status).toBe(400)
    expect(early.body.error.code).toBe('SWAP_WOULD_REVERT')
    expect(early.body.error.message).toMatch(/^The swap would fail: .*TRANSFER_FROM_FAILED/)

    await approve(index, USDC, ETH, amount)
    expect(await allowanceOf(index, USDC)).toBe(amount)

    const quoted = await quote(index, USDC, ETH, amount)
    const { status, body } = await buildSwap({
      amount: amount.toString(),
      eip155: { slippage: 0.5 },
      from: USDC,
      to: ETH,
      userAddress: `eip155:1:${user}`,
    })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.tx.amount).toBe('0')
    const [ethBefore, usdcBefore] = [await balanceOf(ETH, user), await balanceOf(USDC, user)]
    const receipt = await send(index, body.tx)
    expect(receipt.status).toBe('success')
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await balanceOf(ETH, user)) - ethBefore + fee).toBe(BigInt(quoted.toAmount))
    expect(usdcBefore - (await balanceOf(USDC, user))).toBe(amount)
    expect(await allowanceOf(index, USDC)).toBe(0n)
  })

  it('swaps PRTC to ETH through the USDC pool, with an unlimited approval', async () => {
    const index = 7
    const user = accountOf(index).address
    // Account 7 holds no PRTC: it buys some first (ETH -> WETH -> USDC -> PRTC).
    const bought = await quote(index, ETH, PRTC, parseEther('0.5'))
    expect(bought.path).toHaveLength(3)
    const buy = await buildSwap({
      amount: parseEther('0.5').toString(),
      from: ETH,
      to: PRTC,
      userAddress: user,
    })
    expect((await send(index, buy.body.tx)).status).toBe('success')
    const prtc = await balanceOf(PRTC, user)
    expect(prtc).toBe(BigInt(bought.toAmount))

    await approve(index, PRTC, ETH)
    expect(await allowanceOf(index, PRTC)).toBe(maxUint256)
    const sold = await quote(index, PRTC, ETH, prtc)
    const { body } = await buildSwap({
      amount: prtc.toString(),
      from: PRTC,
      to: ETH,
      userAddress: user,
      disableEstimate: true,
    })
    expect(body.tx.eip155.gas).toBe(swapGasLimit(2).toString())
    const ethBefore = await balanceOf(ETH, user)
    const receipt = await send(index, body.tx)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBeLessThan(swapGasLimit(2))
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect((await balanceOf(ETH, user)) - ethBefore + fee).toBe(BigInt(sold.toAmount))
  })

  it('reverts the swap when a pool moved beyond the slippage between the quote and the send', async () => {
    const index = 8
    const user = accountOf(index).address
    const amount = parseEther('1')
    const quoted = await quote(index, ETH, USDC, amount)
    const { status, body } = await buildSwap({
      amount: amount.toString(),
      toAmount: quoted.toAmount,
      from: ETH,
      to: USDC,
      userAddress: user,
      disableEstimate: true,
    })
    expect(status).toBe(200)

    // Someone else sells 30 ETH into the pool first: ETH buys ~3 % fewer USDC than quoted.
    const mover = accountOf(1)
    const wallet = createWalletClient({
      account: mover,
      chain: devnetChain,
      transport: http(setup.rpcUrl),
    })
    const hash = await wallet.writeContract({
      address: DEVNET_CONTRACTS.uniswapV2Router,
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc], mover.address, maxUint256],
      value: parseEther('30'),
    })
    // A mover that reverted would leave the pool as quoted: say so, not 'quote unchanged'.
    expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success')
    const now = await quote(index, ETH, USDC, amount)
    expect(BigInt(now.toAmount)).toBeLessThan(minimumToAmount(BigInt(quoted.toAmount), 1))

    const [ethBefore, usdcBefore] = [await balanceOf(ETH, user), await balanceOf(USDC, user)]
    const receipt = await send(index, body.tx)
    expect(receipt.status).toBe('reverted')
    // Only the gas is spent; no USDC arrives.
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(ethBefore - (await balanceOf(ETH, user))).toBe(fee)
    expect(await balanceOf(USDC, user)).toBe(usdcBefore)
    // The chain's reason: the router's minimum check.
    await expect(
      chain.call({
        account: user,
        to: plain(body.tx.to),
        data: body.tx.data as Hex,
        value: amount,
      }),
    ).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
  })

  it('never builds a swap that accepts less than the quote now less 50 %, whatever toAmount says', async () => {
    const user = accountOf(6).address
    const amount = parseEther('1')
    const quoted = BigInt((await quote(6, ETH, USDC, amount)).toAmount)
    const floor = minimumToAmount(quoted, MAX_SLIPPAGE_PERCENT)
    const build = async (toAmount: bigint | undefined, slippage: number) => {
      const answer = await buildSwap({
        amount: amount.toString(),
        from: ETH,
        to: USDC,
        userAddress: user,
        eip155: { slippage },
        ...(toAmount === undefined ? {} : { toAmount: toAmount.toString() }),
        disableEstimate: true,
      })
      return { ...answer, amountOutMin: () => amountOutMinOf(answer.body.tx) }
    }
    const refusal = {
      code: 'TO_AMOUNT_TOO_LOW',
      message:
        `toAmount is too low: with the slippage taken off it must be at least ${floor} ` +
        '(what the pools pay now, less 50 %). Ask for a new quote',
    }

    // A toAmount of 1 at the largest slippage would accept 0 USDC for 1 ETH: a free sandwich.
    const tiny = await build(1n, MAX_SLIPPAGE_PERCENT)
    expect(tiny.status).toBe(400)
    expect(tiny.body.error).toEqual(refusal)

    // At 1 % slippage, the least toAmount that keeps the floor is built, one unit less is not.
    const least = (floor * 10_000n + 9_899n) / 9_900n
    expect(minimumToAmount(least - 1n, 1)).toBeLessThan(floor)
    const below = await build(least - 1n, 1)
    expect(below.status).toBe(400)
    expect(below.body.error).toEqual(refusal)
    const at = await build(least, 1)
    expect(at.status, JSON.stringify(at.body)).toBe(200)
    expect(at.amountOutMin()).toBe(minimumToAmount(least, 1))
    expect(at.amountOutMin()).toBeGreaterThanOrEqual(floor)

    // The largest slippage on the quote itself, or on the pools read again, is the floor exactly.
    for (const toAmount of [quoted, undefined]) {
      const widest = await build(toAmount, MAX_SLIPPAGE_PERCENT)
      expect(widest.status, JSON.stringify(widest.body)).toBe(200)
      expect(widest.amountOutMin()).toBe(floor)
    }
  })

  it("gas-price: the chain's price, and fast and instant above it", async () => {
    const { status, body } = await client.get<ConvertGasPriceAnswer>('/v1/convert/gas-price', {
      chainId: 'eip155:1',
    })
    expect(status).toBe(200)
    const onChain = await chain.getGasPrice()
    expect(BigInt(body.standard)).toBe(onChain)
    expect(BigInt(body.fast)).toBe((onChain * 125n) / 100n)
    expect(BigInt(body.instant)).toBe((onChain * 150n) / 100n)
  })
})
