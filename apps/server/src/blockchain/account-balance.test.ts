import {
  ACCOUNT_0_HOLDINGS,
  DEV_ACCOUNTS,
  DEVNET_CONTRACTS,
  DEVNET_PAIRS,
  USDC_DECIMALS,
} from '@portico/devnet'
import { NATIVE_TOKEN_ADDRESS as NATIVE } from '@portico/protocol/native-token'
import fc from 'fast-check'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  formatEther,
  formatUnits,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseUnits,
  stringToHex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AddressedTokenBalance } from '../balances/token-balance'
import { CACHE_TTL_PORTFOLIO_MS } from '../constants'
import { DEV_PROJECT_ID } from '../projects/dev-project'
import { type DevnetServer, startDevnetServer } from '../test/devnet-server'

/**
 * Runtime code of a stand-in token that answers decimals() with `decimals`, balanceOf() with
 * 1000 for anyone, and anything else (name, symbol) with `symbol` as bytes32, as some older
 * tokens do. Installed with anvil_setCode.
 */
function fixedAnswerToken(decimals: number, symbol: string): Hex {
  const word = stringToHex(symbol, { size: 32 }).slice(2)
  const returnTop = '60005260206000f3' // PUSH1 0 MSTORE PUSH1 32 PUSH1 0 RETURN
  const dispatch = (decimalsAt: number, balanceAt: number) =>
    `60003560e01c` + // selector = calldata[0:4]
    `8063313ce5671460${decimalsAt.toString(16).padStart(2, '0')}57` + // decimals() -> jump
    `806370a082311460${balanceAt.toString(16).padStart(2, '0')}57` // balanceOf() -> jump
  const fallback = `7f${word}${returnTop}`
  const decimalsBranch = `5b60${decimals.toString(16).padStart(2, '0')}${returnTop}`
  const balanceBranch = `5b6103e8${returnTop}`
  const decimalsAt = dispatch(0, 0).length / 2 + fallback.length / 2
  const balanceAt = decimalsAt + decimalsBranch.length / 2
  return `0x${dispatch(decimalsAt, balanceAt)}${fallback}${decimalsBranch}${balanceBranch}`
}

const ZERO_DECIMALS_TOKEN: Address = '0x000000000000000000000000000000000000d0d0'
const TWO_DECIMALS_TOKEN: Address = '0x000000000000000000000000000000000000d0d2'

let setup: DevnetServer
const [account0, , , account3, account4, account5] = DEV_ACCOUNTS

beforeAll(async () => {
  setup = await startDevnetServer({
    config: {
      tokenLists: {
        1: [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.token, ZERO_DECIMALS_TOKEN, TWO_DECIMALS_TOKEN],
      },
    },
  })
  const publicClient = createPublicClient({ transport: http(setup.rpcUrl) })
  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [ZERO_DECIMALS_TOKEN, fixedAnswerToken(0, 'ZERO')] as never,
  })
  await publicClient.request({
    method: 'anvil_setCode' as never,
    params: [TWO_DECIMALS_TOKEN, fixedAnswerToken(2, 'TWO')] as never,
  })
})
afterAll(async () => {
  await setup?.stop()
})

function balanceUrl(address: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({
    projectId: DEV_PROJECT_ID,
    st: 'portico',
    sv: '0.1.0',
    currency: 'usd',
    chainId: 'eip155:1',
    ...query,
  })
  return `${setup.server.url}/v1/account/${address}/balance?${params}`
}

async function balancesOf(address: string, query: Record<string, string> = {}) {
  const response = await fetch(balanceUrl(address, query))
  expect(response.status).toBe(200)
  return ((await response.json()) as { balances: AddressedTokenBalance[] }).balances
}

function entry(balances: AddressedTokenBalance[], symbol: string): AddressedTokenBalance {
  const found = balances.find((balance) => balance.symbol === symbol)
  if (!found) throw new Error(`no ${symbol} in ${JSON.stringify(balances)}`)
  return found
}

/** What selling a little into a pool pays per unit: mid price less the 0.3 % fee. */
async function poolSellPrice(pair: Address, token: Address, tokenDecimals: number) {
  const client = createPublicClient({ transport: http(setup.rpcUrl) })
  const [reserve0, reserve1] = await client.readContract({
    address: pair,
    abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
    functionName: 'getReserves',
  })
  const tokenIsToken0 = token.toLowerCase() < DEVNET_CONTRACTS.usdc.toLowerCase()
  const [tokenReserve, usdReserve] = tokenIsToken0 ? [reserve0, reserve1] : [reserve1, reserve0]
  const mid =
    Number(formatUnits(usdReserve, USDC_DECIMALS)) /
    Number(formatUnits(tokenReserve, tokenDecimals))
  return mid * 0.997
}

async function sendUsdc(from: (typeof DEV_ACCOUNTS)[number], to: Address, amount: string) {
  const wallet = createWalletClient({
    account: privateKeyToAccount(from.privateKey),
    chain: mainnet,
    transport: http(setup.rpcUrl),
  })
  const hash = await wallet.writeContract({
    address: DEVNET_CONTRACTS.usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, parseUnits(amount, USDC_DECIMALS)],
  })
  await createPublicClient({ transport: http(setup.rpcUrl) }).waitForTransactionReceipt({ hash })
}

describe('GET /v1/account/{address}/balance', () => {
  it("answers account 0's ETH, USDC and PRTC as the chain holds them, priced from the pools", async () => {
    const balances = await balancesOf(account0.address)
    const chain = createPublicClient({ transport: http(setup.rpcUrl) })
    const wei = await chain.getBalance({ address: account0.address })

    expect(balances.map((balance) => balance.symbol)).toEqual(['ETH', 'USDC', 'PRTC', 'TWO'])
    const eth = entry(balances, 'ETH')
    expect(eth).toMatchObject({
      name: 'Ether',
      chainId: 'eip155:1',
      address: `eip155:1:${NATIVE}`,
      quantity: { decimals: '18', numeric: formatEther(wei) },
      iconUrl: `${setup.server.url}/public/getTokenImage/ETH?projectId=${DEV_PROJECT_ID}`,
    })
    expect(eth.price).toBeCloseTo(
      await poolSellPrice(DEVNET_PAIRS.wethUsdc, DEVNET_CONTRACTS.weth, 18),
      6,
    )
    expect(eth.price).toBeGreaterThan(2985)
    expect(eth.price).toBeLessThan(2995)
    expect(eth.value).toBeCloseTo(Number(formatEther(wei)) * (eth.price ?? 0), 6)

    expect(entry(balances, 'USDC')).toEqual({
      name: 'USD Coin',
      symbol: 'USDC',
      chainId: 'eip155:1',
      address: `eip155:1:${DEVNET_CONTRACTS.usdc}`,
      value: 10_000,
      price: 1,
      quantity: { decimals: '6', numeric: formatUnits(ACCOUNT_0_HOLDINGS.usdc, 6) },
      iconUrl: `${setup.server.url}/public/getTokenImage/USDC?projectId=${DEV_PROJECT_ID}`,
    })
    expect(entry(balances, 'USDC').quantity.numeric).toBe('10000')

    const prtc = entry(balances, 'PRTC')
    expect(prtc).toMatchObject({
      name: 'Portico Token',
      address: `eip155:1:${DEVNET_CONTRACTS.token}`,
      quantity: { decimals: '18', numeric: '1000' },
    })
    expect(prtc.price).toBeCloseTo(
      await poolSellPrice(DEVNET_PAIRS.tokenUsdc, DEVNET_CONTRACTS.token, 18),
      9,
    )
    expect(prtc.price).toBeCloseTo(0.24925, 4)
    expect(prtc.value).toBeCloseTo(1000 * (prtc.price ?? 0), 9)
  })

  it("points each icon at our server's token images, which answer it", async () => {
    const balances = await balancesOf(account0.address)
    for (const { iconUrl } of balances) {
      const response = await fetch(iconUrl)
      expect(response.status, iconUrl).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^image\//)
    }
  })

  it('drops a token with 0 decimals and lists an unpriced one without price or value', async () => {
    const balances = await balancesOf(account0.address)
    expect(balances.some((balance) => balance.symbol === 'ZERO')).toBe(false)
    const two = entry(balances, 'TWO')
    expect(two).toEqual({
      name: 'TWO',
      symbol: 'TWO',
      chainId: 'eip155:1',
      address: `eip155:1:${getAddress(TWO_DECIMALS_TOKEN)}`,
      quantity: { decimals: '2', numeric: '10' },
      iconUrl: `${setup.server.url}/public/getTokenImage/TWO?projectId=${DEV_PROJECT_ID}`,
    })
  })

  it('answers the native balance alone for an account that holds no listed token', async () => {
    const empty: Address = '0x00000000000000000000000000000000000f00d5'
    const balances = await balancesOf(empty, { chainId: '1' })
    // The stand-in tokens answer 1000 for anyone; USDC and PRTC hold nothing for it.
    expect(balances.map((balance) => balance.symbol)).toEqual(['ETH', 'TWO'])
    expect(entry(balances, 'ETH')).toMatchObject({ quantity: { numeric: '0' }, value: 0 })
  })

  it('answers from the cache for 30 s; forceUpdate reads the chain again', async () => {
    const before = entry(await balancesOf(account4.address), 'USDC').quantity.numeric
    await sendUsdc(account4, account5.address, '1.5')
    const after = String(Number(before) - 1.5)

    setup.clock.advance(CACHE_TTL_PORTFOLIO_MS - 1)
    expect(entry(await balancesOf(account4.address), 'USDC').quantity.numeric).toBe(before)
    expect(
      entry(await balancesOf(account4.address, { forceUpdate: 'true' }), 'USDC').quantity.numeric,
    ).toBe(after)

    await sendUsdc(account4, account5.address, '1')
    expect(entry(await balancesOf(account4.address), 'USDC').quantity.numeric).toBe(after)
    setup.clock.advance(CACHE_TTL_PORTFOLIO_MS)
    expect(entry(await balancesOf(account4.address), 'USDC').quantity.numeric).toBe(
      String(Number(before) - 2.5),
    )
  })

  it('keeps one cache entry per address whatever case the address is written in', async () => {
    const fresh = getAddress('0x00000000000000000000000000000000beefbeef')
    const first = await balancesOf(fresh.toLowerCase())
    expect(first.map((balance) => balance.symbol)).toEqual(['ETH', 'TWO'])
    await sendUsdc(account3, fresh, '2')
    expect(await balancesOf(fresh)).toEqual(first)
    const forced = await balancesOf(fresh, { forceUpdate: '1' })
    expect(entry(forced, 'USDC').quantity.numeric).toBe('2')
  })
})

describe('GET /v1/account/{address}/balance refuses bad input with 400', () => {
  async function expectRefusal(url: string, status: number, code: string, message?: string) {
    const response = await fetch(url)
    expect(response.status).toBe(status)
    const answer = (await response.json()) as { error: { code: string; message: string } }
    expect(answer.error.code).toBe(code)
    if (message) expect(answer.error.message).toBe(message)
  }

  it.each(['eip155:999', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', '137'])(
    'answers 400 to the chain it does not serve %s',
    async (chainId) => {
      await expectRefusal(
        balanceUrl(account0.address, { chainId }),
        400,
        'UNSUPPORTED_CHAIN',
        'Chain is not supported',
      )
    },
  )

  it.each(['eip155:abc', 'eip155', 'eip155:1:1', '0', ''])(
    'answers 400 to the malformed chain id %j',
    async (chainId) => {
      await expectRefusal(
        balanceUrl(account0.address, { chainId }),
        400,
        'INVALID_CHAIN_ID',
        'Invalid CAIP-2 network id',
      )
    },
  )

  it.each([
    '0x123',
    'vitalik.eth',
    `${account0.address}00`,
    `0x${'g'.repeat(40)}`,
    'eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  ])('answers 400 to the malformed address %s', async (address) => {
    await expectRefusal(balanceUrl(encodeURIComponent(address)), 400, 'INVALID_REQUEST')
  })

  it.each([
    ['a currency other than usd', { currency: 'eur' }],
    ['a forceUpdate that is not a boolean', { forceUpdate: 'yes' }],
  ])('answers 400 to %s', async (_what, query) => {
    await expectRefusal(balanceUrl(account0.address, query), 400, 'INVALID_REQUEST')
  })

  it('answers 400 without a chainId or a currency', async () => {
    for (const missing of ['chainId', 'currency']) {
      const url = new URL(balanceUrl(account0.address))
      url.searchParams.delete(missing)
      await expectRefusal(url.toString(), 400, 'INVALID_REQUEST')
    }
  })

  it('answers 401 to an unknown project', async () => {
    await expectRefusal(
      balanceUrl(account0.address, { projectId: 'f'.repeat(32) }),
      401,
      'INVALID_KEY',
      'Unauthorized: invalid key',
    )
  })

  it('never answers 5xx to arbitrary input, and caches nothing for a refused request', async () => {
    const text = fc.oneof(fc.string({ maxLength: 60 }), fc.constantFrom('', 'eip155:1', '1'))
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 60 }), fc.constant(account5.address)),
        fc.record(
          {
            chainId: text,
            // Never 'usd': every request is refused somewhere.
            currency: text.filter((currency) => currency !== 'usd'),
            forceUpdate: text,
          },
          { requiredKeys: ['currency'] },
        ),
        async (address, query) => {
          const response = await fetch(balanceUrl(encodeURIComponent(address) || 'x', query))
          expect(response.status).toBeGreaterThanOrEqual(400)
          expect(response.status).toBeLessThan(500)
          const answer = (await response.json()) as { error: { code: string } }
          expect(typeof answer.error.code).toBe('string')
        },
      ),
      { numRuns: 150 },
    )
    const key = `portfolio:v1:eip155:1:${account5.address.toLowerCase()}`
    expect(await setup.server.app.portico.cache.get(key)).toBeUndefined()
  })
})
