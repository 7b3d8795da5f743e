// GET /v1/convert/quotes on the seeded devnet: the server's quote against what the devnet's own
// UniswapV2Router02 answers to getAmountsOut for the same amount and path, for random amounts,
// pairs and pool states.
import {
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  DEVNET_PAIRS,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
} from '@portico/devnet'
import type { ConvertQuotesAnswer } from '@portico/protocol/convert'
import { CONVERT_NATIVE_TOKEN_ADDRESS } from '@portico/protocol/convert-slippage'
import type { ErrorAnswer } from '@portico/protocol/error-answer'
import { NATIVE_TOKEN_ADDRESS } from '@portico/protocol/native-token'
import fc from 'fast-check'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertClient } from '../test/convert-client'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'

let setup: DevnetServer
let client: ReturnType<typeof convertClient>
let chain: ReturnType<typeof createPublicClient>

const ETH = `eip155:1:${CONVERT_NATIVE_TOKEN_ADDRESS}`
const USDC = `eip155:1:${DEVNET_CONTRACTS.usdc}`
const PRTC = `eip155:1:${DEVNET_CONTRACTS.token}`
const user = (DEV_ACCOUNTS[3] as { address: Address }).address

beforeAll(async () => {
  setup = await startDevnetServer()
  client = convertClient(setup.server.url)
  chain = createPublicClient({ chain: { ...foundry, id: 1 }, transport: http(setup.rpcUrl) })
})
afterAll(async () => {
  await setup?.stop()
})

async function quote(from: string, to: string, amount: bigint) {
  return client.get<ConvertQuotesAnswer & ErrorAnswer>('/v1/convert/quotes', {
    amount: amount.toString(),
    userAddress: `eip155:1:${user}`,
    from,
    to,
  })
}

function routerAmountsOut(amount: bigint, path: readonly string[]) {
  return chain.readContract({
    address: DEVNET_CONTRACTS.uniswapV2Router,
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amount, path as Address[]],
  })
}

const routerToken = (id: string) =>
  (id === ETH ? DEVNET_CONTRACTS.weth : id.split(':')[2]) as Address

/** The direct route and every route through one of the connectors (WETH, USDC). */
function candidatePaths(from: string, to: string): Address[][] {
  const [a, b] = [routerToken(from), routerToken(to)]
  const through = [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc].filter((c) => c !== a && c !== b)
  return [[a, b], ...through.map((c) => [a, c, b])]
}

/** An amount of each token from one base unit to about a tenth of its pool. */
const amountOf: Record<string, fc.Arbitrary<bigint>> = {
  [ETH]: fc.bigInt({ min: 1n, max: parseEther('200') }),
  [USDC]: fc.bigInt({ min: 1n, max: parseUnits('600000', 6) }),
  [PRTC]: fc.bigInt({ min: 1n, max: parseUnits('400000', 18) }),
}

/** Account 4 trades against the pools, so quotes are checked on states the seed never made. */
const trader = privateKeyToAccount((DEV_ACCOUNTS[4] as { privateKey: `0x${string}` }).privateKey)
async function movePools(ethIn: bigint) {
  const wallet = createWalletClient({
    account: trader,
    chain: { ...foundry, id: 1 },
    transport: http(setup.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: DEVNET_CONTRACTS.uniswapV2Router,
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [
      0n,
      [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token],
      trader.address,
      maxUint256,
    ],
    value: ethIn,
  })
  await chain.waitForTransactionReceipt({ hash })
}

describe('GET /v1/convert/quotes', () => {
  it('quotes exactly what the router getAmountsOut answers, for random amounts, pairs and pool states', async () => {
    const pair = fc
      .tuple(fc.constantFrom(ETH, USDC, PRTC), fc.constantFrom(ETH, USDC, PRTC))
      .filter(([from, to]) => from !== to)
    await fc.assert(
      fc.asyncProperty(
        pair.chain(([from, to]) =>
          fc.tuple(fc.constant(from), fc.constant(to), amountOf[from] as fc.Arbitrary<bigint>),
        ),
        fc.option(fc.bigInt({ min: parseEther('0.01'), max: parseEther('5') }), { freq: 4 }),
        async ([from, to, amount], move) => {
          if (move !== null) await movePools(move)
          const { status, body } = await quote(from, to, amount)
          // What the router pays on every route the server may take (undefined: it reverts).
          const paid = await Promise.all(
            candidatePaths(from, to).map((path) =>
              routerAmountsOut(amount, path).then(
                (amounts) => amounts.at(-1),
                () => undefined,
              ),
            ),
          )
          const best = paid.reduce<bigint>((most, out) => (out && out > most ? out : most), 0n)
          if (best === 0n) {
            expect(status, JSON.stringify(body)).toBe(400)
            expect(body.error.code).toBe('AMOUNT_UNUSABLE')
            return
          }
          expect(status, JSON.stringify(body)).toBe(200)
          const [answer] = body.quotes
          expect(answer).toMatchObject({
            fromAmount: amount.toString(),
            fromAccount: from,
            toAccount: to,
            toAmount: best.toString(),
          })
          const onChain = await routerAmountsOut(amount, answer?.path ?? [])
          expect(answer?.toAmount).toBe(String(onChain.at(-1)))
        },
      ),
      { numRuns: 60 },
    )
  })

  it('routes ETH to PRTC through WETH and USDC, PRTC having a pool only against USDC', async () => {
    const { body } = await quote(ETH, PRTC, parseEther('1'))
    expect(body.quotes[0]?.path).toEqual([
      DEVNET_CONTRACTS.weth,
      DEVNET_CONTRACTS.usdc,
      DEVNET_CONTRACTS.token,
    ])
    const direct = await quote(ETH, USDC, parseEther('1'))
    expect(direct.body.quotes[0]?.path).toEqual([DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc])
  })

  it("reads the native coin's checksummed ERC-7528 id too, and answers it in lower case", async () => {
    const { status, body } = await quote(`eip155:1:${NATIVE_TOKEN_ADDRESS}`, USDC, parseEther('1'))
    expect(status).toBe(200)
    expect(body.quotes[0]?.fromAccount).toBe(ETH)
    expect(body.quotes[0]?.path[0]).toBe(DEVNET_CONTRACTS.weth)
  })

  it('gives the price impact: about the 0.3 % fee for a small trade, more for a deep one', async () => {
    const small = (await quote(ETH, USDC, parseEther('0.001'))).body.quotes[0]
    expect(small?.priceImpact).toBeGreaterThanOrEqual(0.3)
    expect(small?.priceImpact).toBeLessThan(0.31)

    const amount = parseEther('200')
    const deep = (await quote(ETH, USDC, amount)).body.quotes[0]
    const [reserve0, reserve1] = await chain.readContract({
      address: DEVNET_PAIRS.wethUsdc,
      abi: uniswapV2PairAbi,
      functionName: 'getReserves',
    })
    const wethIsToken0 = DEVNET_CONTRACTS.weth.toLowerCase() < DEVNET_CONTRACTS.usdc.toLowerCase()
    const [reserveIn, reserveOut] = wethIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
    // 1 - received / (paid at the mid price), as floats: four decimals are plenty here.
    const mid = (Number(amount) * Number(reserveOut)) / Number(reserveIn)
    const expected = (1 - Number(deep?.toAmount) / mid) * 100
    expect(deep?.priceImpact).toBeCloseTo(expected, 3)
    expect(deep?.priceImpact).toBeGreaterThan(5)
  })

  it('refuses an amount the pools cannot pay anything for, and one past uint256', async () => {
    const dust = await quote(USDC, ETH, 1n)
    // 1 micro-USDC buys a few hundred million wei: not dust. One wei of ETH buys no USDC.
    expect(dust.status).toBe(200)
    const nothing = await quote(ETH, USDC, 1n)
    expect(nothing.status).toBe(400)
    expect(nothing.body.error).toEqual({
      code: 'AMOUNT_UNUSABLE',
      message: 'The amount is too small or too large for the pools',
    })
    const huge = await quote(ETH, USDC, maxUint256 + 1n)
    expect(huge.status).toBe(400)
    expect(huge.body.error.message).toBe('amount does not fit in uint256')
  })
})
