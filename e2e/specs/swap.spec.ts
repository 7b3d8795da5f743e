// Swaps on the devnet's Uniswap V2 pools (issue 15), as a visitor does them with the injected
// test wallet (dev account 0 on the devnet's Ethereum: 10,000 ETH, 10,000 USDC): 0.1 ETH to
// USDC, then 50 USDC to ETH with the approval first; the chain's balances move by the quoted
// amounts within the 1 % slippage. A pool another account moves beyond the slippage between
// the quote and the send makes the swap revert: the modal says so and nothing else changes.

import type { Locator, Page, Response } from '@playwright/test'
import { DEVNET_CONTRACTS } from '@portico/devnet'
import type { HistoryPage } from '@portico/protocol/history'
import { DEV_PROJECT_ID } from '@portico/server'
import {
  type Address,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { openAccount } from '../fixtures/account-dialog'
import { accountAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import {
  expect,
  expectAccessible,
  openAndPickTestWallet,
  type StackInfo,
  test,
} from '../fixtures/test'
import type { TestWallet } from '../fixtures/test-wallet'

const REVERTED =
  'Swap reverted: the price moved more than the 1% slippage allows. Nothing was swapped.'

async function chainRpc<T>(stack: StackInfo, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(stack.rpcUrls[1] as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')

async function ethOf(stack: StackInfo, address: string): Promise<bigint> {
  return BigInt(await chainRpc<Hex>(stack, 'eth_getBalance', [address, 'latest']))
}

async function usdcOf(stack: StackInfo, address: string): Promise<bigint> {
  const data = `0x70a08231${word(address)}`
  return BigInt(
    await chainRpc<Hex>(stack, 'eth_call', [{ to: DEVNET_CONTRACTS.usdc, data }, 'latest']),
  )
}

async function blockNumber(stack: StackInfo): Promise<number> {
  return Number(await chainRpc<Hex>(stack, 'eth_blockNumber'))
}

/** What `address` paid in gas in the blocks after `after`, and how many of its transactions. */
async function feesSince(stack: StackInfo, address: string, after: number) {
  let fees = 0n
  const statuses: string[] = []
  for (let number = after + 1; number <= (await blockNumber(stack)); number++) {
    const block = await chainRpc<{ transactions: { hash: Hex; from: string }[] }>(
      stack,
      'eth_getBlockByNumber',
      [`0x${number.toString(16)}`, true],
    )
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== address.toLowerCase()) continue
      const receipt = await chainRpc<{ gasUsed: Hex; effectiveGasPrice: Hex; status: Hex }>(
        stack,
        'eth_getTransactionReceipt',
        [tx.hash],
      )
      fees += BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)
      statuses.push(receipt.status)
    }
  }
  return { fees, statuses }
}

/**
 * Waits until the server's activity (filled by its indexer, which follows the chain a moment
 * behind, and after each test's rollback first walks back) starts with a trade of `symbol`.
 */
async function tradeIndexed(stack: StackInfo, address: string, symbol: string): Promise<void> {
  const query = new URLSearchParams({ projectId: DEV_PROJECT_ID, chainId: 'eip155:1', limit: '1' })
  await expect
    .poll(
      async () => {
        const response = await fetch(`${stack.apiUrl}/v1/account/${address}/history?${query}`)
        const page = (await response.json()) as HistoryPage
        const first = page.data[0]
        return first?.metadata.operationType === 'trade'
          ? first.transfers.map((t) => t.fungible_info?.symbol).join('>')
          : first?.metadata.operationType
      },
      { timeout: 30_000 },
    )
    .toMatch(new RegExp(`^${symbol}>`))
}

async function openSwap(page: Page, stack: StackInfo, wallet: TestWallet): Promise<Locator> {
  await openAndPickTestWallet(page, stack.webUrl)
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  const account = await openAccount(page, wallet.account.address)
  await account.getByRole('button', { name: 'Swap', exact: true }).click()
  const swap = page.getByRole('dialog', { name: 'Swap' })
  await expect(swap.getByRole('button', { name: 'Token to pay with: ETH. Change' })).toBeVisible()
  return swap
}

async function pick(page: Page, swap: Locator, side: 'pay with' | 'receive', symbol: string) {
  // Swap has just opened, or come back from the token picker, and may still be growing.
  await dialogAtRest(page)
  await swap.getByRole('button', { name: new RegExp(`^Token to ${side}: `) }).click()
  const picker = page.getByRole('dialog', { name: 'Select Token' })
  await picker.getByRole('searchbox', { name: 'Search tokens' }).fill(symbol)
  await picker.getByRole('button', { name: new RegExp(`^${symbol}\\b`) }).click()
  await expect(
    swap.getByRole('button', { name: `Token to ${side}: ${symbol}. Change` }),
  ).toBeVisible()
}

/** Types the amount; resolves with the quote the view shows once typing rests (base units). */
async function typeAmount(page: Page, swap: Locator, amount: string): Promise<bigint> {
  const quoted = page.waitForResponse(
    (response: Response) =>
      response.url().includes('/v1/convert/quotes') &&
      new URL(response.url()).searchParams.get('amount') !== null,
  )
  await swap.getByLabel('Amount to pay').fill(amount)
  const answer = (await (await quoted).json()) as { quotes: { toAmount: string }[] }
  await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled()
  // The quote's details make the dialog grow, and 'Review swap' below them moves meanwhile.
  await dialogAtRest(page)
  return BigInt(answer.quotes[0]?.toAmount ?? '0')
}

test('swaps 0.1 ETH to USDC: the USDC received is the quote, within the 1 % slippage', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const swap = await openSwap(page, stack, wallet)
  await expectAccessible(page, 'Swap')
  await swap.getByRole('button', { name: 'Token to receive: none. Change' }).click()
  await expect(page.getByRole('dialog', { name: 'Select Token' })).toBeVisible()
  await expectAccessible(page, 'Select Token')
  await page
    .getByRole('dialog', { name: 'Select Token' })
    .getByRole('button', { name: /^USDC\b/ })
    .click()

  const quote = await typeAmount(page, swap, '0.1')
  // 0.1 ETH in a 2000 ETH / 6,000,000 USDC pool: about 299 USDC.
  expect(quote).toBeGreaterThan(290_000_000n)
  await expect(swap.getByLabel('Swap details')).toContainText('Minimum received (1% slippage)')
  await expect(swap.getByLabel('Swap details')).toContainText(/Price impact\s*0\.\d\d%/)
  await expectAccessible(page, 'Swap with a quote')
  const usdcBefore = await usdcOf(stack, me)
  const ethBefore = await ethOf(stack, me)
  const block = await blockNumber(stack)

  await swap.getByRole('button', { name: 'Review swap' }).click()
  const preview = page.getByRole('dialog', { name: 'Swap Preview' })
  await expect(preview.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled()
  await expectAccessible(page, 'Swap Preview')
  await preview.getByRole('button', { name: 'Swap', exact: true }).click()

  // The swap ends on its own result: what was swapped, the hash with a copy button.
  const complete = page.getByRole('dialog', { name: 'Swap Complete' })
  await expect(complete.getByRole('status')).toHaveText(
    /^Swapped 0\.1 ETH for [\d,.]+ USDC on Ethereum$/,
    { timeout: 20_000 },
  )
  await expect(complete.getByRole('button', { name: 'Copy hash' })).toBeVisible()
  await expectAccessible(page, 'Swap Complete')
  const received = (await usdcOf(stack, me)) - usdcBefore
  expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n)
  expect(received).toBeLessThanOrEqual(quote)
  const { fees, statuses } = await feesSince(stack, me, block)
  expect(statuses).toEqual(['0x1'])
  expect(ethBefore - (await ethOf(stack, me))).toBe(parseEther('0.1') + fees)

  // The Tokens tab shows the new USDC balance; Activity one trade row.
  await complete.getByRole('button', { name: 'Back to account' }).click()
  const account = await accountAtRest(page)
  const shownUsdc = Number((await usdcOf(stack, me)) / 1000n) / 1000
  await expect(
    account
      .getByRole('list', { name: 'Tokens' })
      .getByRole('listitem')
      .filter({ hasText: 'USD Coin' }),
  ).toContainText(shownUsdc.toLocaleString('en-US', { maximumFractionDigits: 3 }))
  await tradeIndexed(stack, me, 'ETH')
  await account.getByRole('tab', { name: 'Activity' }).click()
  // Account 0 has no swap before this one; Activity writes amounts with 3 decimals.
  const trades = account.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Swapped' })
  await expect(trades).toHaveCount(1)
  await expect(trades).toContainText('0.100 ETH')
})

test('swaps 50 USDC to ETH, approving USDC first, both through the wallet', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const swap = await openSwap(page, stack, wallet)
  await pick(page, swap, 'pay with', 'USDC')
  await pick(page, swap, 'receive', 'ETH')
  const quote = await typeAmount(page, swap, '50')
  const usdcBefore = await usdcOf(stack, me)
  const ethBefore = await ethOf(stack, me)
  const block = await blockNumber(stack)

  await swap.getByRole('button', { name: 'Review swap' }).click()
  const preview = page.getByRole('dialog', { name: 'Swap Preview' })
  const approveAndSwap = preview.getByRole('button', { name: 'Approve USDC and swap' })
  await expect(approveAndSwap).toBeEnabled()
  await expect(preview).toContainText('first to let the exchange spend 50 USDC')
  await expectAccessible(page, 'Swap Preview with an approval')
  const sentBefore = wallet.requests.filter((method) => method === 'eth_sendTransaction').length
  await approveAndSwap.click()

  const complete = page.getByRole('dialog', { name: 'Swap Complete' })
  await expect(complete.getByRole('status')).toHaveText(
    /^Swapped 50 USDC for [\d,.]+ ETH on Ethereum$/,
    { timeout: 20_000 },
  )
  expect(wallet.requests.filter((method) => method === 'eth_sendTransaction').length).toBe(
    sentBefore + 2,
  )
  expect(usdcBefore - (await usdcOf(stack, me))).toBe(50_000_000n)
  const { fees, statuses } = await feesSince(stack, me, block)
  expect(statuses).toEqual(['0x1', '0x1'])
  const received = (await ethOf(stack, me)) - ethBefore + fees
  expect(received).toBeGreaterThanOrEqual((quote * 99n) / 100n)
  expect(received).toBeLessThanOrEqual(quote)

  // One trade row in Activity (the ETH the router paid on is read from the swap's trace).
  await tradeIndexed(stack, me, 'USDC')
  await complete.getByRole('button', { name: 'Back to account' }).click()
  const account = await accountAtRest(page)
  await account.getByRole('tab', { name: 'Activity' }).click()
  const trades = account.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Swapped' })
  await expect(trades).toHaveCount(1)
  await expect(trades).toContainText('50.000 USDC')
})

test('a pool moved beyond the slippage after the quote makes the swap revert, saying so, and nothing else changes', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const swap = await openSwap(page, stack, wallet)
  await pick(page, swap, 'receive', 'USDC')
  await typeAmount(page, swap, '0.1')
  await swap.getByRole('button', { name: 'Review swap' }).click()
  const preview = page.getByRole('dialog', { name: 'Swap Preview' })
  await expect(preview.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled()

  // Another account buys 100 ETH worth of USDC first: the price moves about 10 %.
  const other = privateKeyToAccount(stack.devKeys[5] as Hex)
  const chain = defineChain({
    id: 1,
    name: 'devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [stack.rpcUrls[1] as string] } },
  })
  const whale = createWalletClient({ account: other, chain, transport: http() })
  await whale.sendTransaction({
    to: DEVNET_CONTRACTS.uniswapV2Router as Address,
    value: parseEther('100'),
    data: encodeFunctionData({
      abi: parseAbi([
        'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
      ]),
      functionName: 'swapExactETHForTokens',
      args: [
        0n,
        [DEVNET_CONTRACTS.weth as Address, DEVNET_CONTRACTS.usdc as Address],
        other.address,
        BigInt(Math.floor(Date.now() / 1000) + 3600),
      ],
    }),
  })
  const usdcBefore = await usdcOf(stack, me)
  const ethBefore = await ethOf(stack, me)
  const block = await blockNumber(stack)

  await preview.getByRole('button', { name: 'Swap', exact: true }).click()
  await expect(preview.getByRole('alert')).toHaveText(REVERTED, { timeout: 20_000 })
  await expectAccessible(page, 'Swap Preview, reverted')
  // The draft stays; no success is announced.
  await expect(preview).toContainText('0.1 ETH')
  await expect(page.getByText(/^Swapped /)).toHaveCount(0)
  await expect(page.getByRole('dialog', { name: 'Swap Complete' })).toHaveCount(0)
  expect(await usdcOf(stack, me)).toBe(usdcBefore)
  const { fees, statuses } = await feesSince(stack, me, block)
  expect(statuses).toEqual(['0x0'])
  // Only the reverted transaction's gas was paid.
  expect(ethBefore - (await ethOf(stack, me))).toBe(fees)
})
