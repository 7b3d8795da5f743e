// Buying ETH by card (issue 16) as a visitor does it: Account -> Buy, a provider, 100 USD, the
// quote, 'Continue in external window' opens the sandbox provider's checkout (our server), the
// card is paid there and the modal follows the order until the coins arrive. The treasury is dev
// account 8; the injected test wallet is dev account 0 on the devnet's Ethereum (chain id 1).

import type { Page } from '@playwright/test'
import type { HistoryPage } from '@portico/protocol/history'
import { DEV_PROJECT_ID } from '@portico/server'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { openAccount } from '../fixtures/account-dialog'
import { accountAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import {
  expect,
  expectAccessible,
  openAndPickTestWallet,
  type StackInfo,
  test,
} from '../fixtures/test'

async function rpc<T>(stack: StackInfo, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(stack.rpcUrls[1] as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

const balanceOf = async (stack: StackInfo, address: string) =>
  BigInt(await rpc<string>(stack, 'eth_getBalance', [address, 'latest']))
const nonceOf = async (stack: StackInfo, address: string) =>
  BigInt(await rpc<string>(stack, 'eth_getTransactionCount', [address, 'latest']))

interface QuoteAnswer {
  purchaseAmount: { amount: string; currency: string }
}

/** Opens Account -> Buy; records every quote the modal receives (the last one is shown). */
async function openBuy(page: Page, stack: StackInfo, address: string) {
  const quotes: QuoteAnswer[] = []
  page.on('response', (response) => {
    if (response.url().includes('/v1/onramp/quote') && response.status() === 200) {
      // A body still on its way when the test ends is of no use to it.
      response.json().then(
        (quote: QuoteAnswer) => quotes.push(quote),
        () => undefined,
      )
    }
  })
  await openAndPickTestWallet(page, stack.webUrl)
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  const account = await openAccount(page, address)
  await account.getByRole('button', { name: 'Buy', exact: true }).click()
  const buy = page.getByRole('dialog', { name: 'Buy Crypto' })
  await expect(buy.getByRole('radio', { name: /Portico Sandbox/ })).toBeChecked()
  return { buy, quotes }
}

/** Clicks 'Continue in external window' and answers with the provider's window. */
async function continueToProvider(page: Page, buy: ReturnType<Page['getByRole']>) {
  // The quote above the button has just made the dialog grow.
  await dialogAtRest(page)
  const popupOpened = page.waitForEvent('popup')
  await buy.getByRole('button', { name: 'Continue in external window' }).click()
  const popup = await popupOpened
  await popup.waitForURL(/\/onramp\/checkout\/[0-9a-f]{32}$/)
  await expect(popup.getByRole('heading', { name: 'Buy ETH' })).toBeVisible()
  return popup
}

async function payWith(popup: Page, card: string) {
  await popup.getByLabel('Card number').fill(card)
  await popup.getByLabel('Expiry (MM/YY)').fill('12/39')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByLabel('Name on card').fill('Ada Buyer')
  await popup.getByRole('button', { name: 'Pay' }).click()
}

test('buys 100 USD of ETH with the success card: the quoted amount arrives and Activity shows it', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const before = await balanceOf(stack, me)
  const { buy, quotes } = await openBuy(page, stack, me)
  await buy.getByRole('button', { name: '100 USD' }).click()
  const quote = buy.getByRole('definition').first()
  await expect(quote).toHaveText(/^0\.0\d+ ETH$/)
  await expect(buy.getByText('Fee 1.5 %')).toBeVisible()
  await expect(buy.getByText('1.50 USD')).toBeVisible()
  await expectAccessible(page, 'Buy Crypto with a quote')
  // The answer shown is the last one received (its body may still be on its way here).
  await expect.poll(() => quotes.length).toBeGreaterThan(0)
  const quoted = quotes.at(-1)?.purchaseAmount
  expect(quoted?.currency).toBe('ETH')

  const popup = await continueToProvider(page, buy)
  await expect(popup.getByLabel('Amount')).toHaveValue('100.00')
  await expectAccessible(popup, 'the sandbox checkout')
  const buying = page.getByRole('dialog', { name: 'Buying' })
  await expect(buying.getByText('Complete your payment in the provider window')).toBeVisible()
  await expectAccessible(page, 'Buying, waiting for the payment')

  await payWith(popup, '4242 4242 4242 4242')
  await expect(popup.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({
    timeout: 20_000,
  })
  // Done, the heading says so (no more 'Buying'), with the payout's hash to copy.
  const complete = page.getByRole('dialog', { name: 'Purchase Complete' })
  await expect(complete.getByRole('heading', { name: 'Purchase Complete' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(complete.getByText(/^Purchase complete: 0\.0\d+ ETH arrived$/)).toBeVisible()
  await expect(complete.getByText(/^0x[0-9a-f]{64}$/)).toBeVisible()
  await expect(complete.getByRole('button', { name: 'Copy hash' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Bought 0\.0\d+ ETH$/ })).toBeVisible()
  await expectAccessible(page, 'Purchase Complete')
  expect((await balanceOf(stack, me)) - before).toBe(parseEther(quoted?.amount ?? 'x'))

  // Activity once the indexer has the payout too: the order and the indexed transfer are one
  // row, labelled as the purchase it is.
  const payout = await payoutIndexed(stack, me)
  await complete.getByRole('button', { name: 'Back to account' }).click()
  const dialog = await accountAtRest(page)
  await dialog.getByRole('tab', { name: 'Activity' }).click()
  const rows = dialog.getByRole('tabpanel').getByRole('listitem')
  // Shown as every amount is: cut (not rounded) to 3 decimals.
  const [whole, fraction = ''] = (quoted?.amount ?? '').split('.')
  const shown = `${whole}.${fraction.padEnd(3, '0').slice(0, 3)}`
  await expect(rows.nth(0)).toContainText('Bought')
  await expect(rows.nth(0)).toContainText(`${shown} ETH`)
  await expect(rows.filter({ hasText: `${shown} ETH` })).toHaveCount(1)
  expect(payout.indexedAs).toBe('receive')
})

/**
 * The account's newest purchase (the history's onramp page), once the indexer, which follows
 * the chain a moment behind, lists its payout too.
 */
async function payoutIndexed(stack: StackInfo, address: string) {
  const ask = async (extra: Record<string, string>) => {
    const query = new URLSearchParams({ projectId: DEV_PROJECT_ID, chainId: 'eip155:1', ...extra })
    const response = await fetch(`${stack.apiUrl}/v1/account/${address}/history?${query}`)
    return ((await response.json()) as HistoryPage).data
  }
  const [purchase] = await ask({ onramp: 'coinbase' })
  const hash = purchase?.metadata.hash
  expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
  let indexedAs: string | undefined
  await expect
    .poll(
      async () => {
        const indexed = await ask({ limit: '5' })
        indexedAs = indexed.find((item) => item.metadata.hash === hash)?.metadata.operationType
        return indexedAs
      },
      { timeout: 20_000 },
    )
    .toBeDefined()
  return { hash, indexedAs }
}

test('the declined card: a clear error in both windows and no transfer', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const treasury = privateKeyToAccount(stack.devKeys[8] as `0x${string}`).address
  const [before, treasuryNonce] = [await balanceOf(stack, me), await nonceOf(stack, treasury)]
  const { buy } = await openBuy(page, stack, me)
  await expect(buy.getByRole('definition').first()).toHaveText(/ETH$/)
  const popup = await continueToProvider(page, buy)
  await payWith(popup, '4000 0000 0000 0002')
  await expect(popup.getByRole('alert')).toHaveText('Your card was declined.')
  await expectAccessible(popup, 'the sandbox checkout, declined')
  const buying = page.getByRole('dialog', { name: 'Payment Declined' })
  await expect(buying.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(buying.getByRole('status')).toHaveText('Payment declined')
  await expectAccessible(page, 'Buying, declined')
  expect(await balanceOf(stack, me)).toBe(before)
  expect(await nonceOf(stack, treasury)).toBe(treasuryNonce)
  await buying.getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByRole('dialog', { name: 'Buy Crypto' })).toBeVisible()
})

test('5 USD and 8,000 USD by card are refused with the limits, in the modal and at the checkout', async ({
  page,
  stack,
  wallet,
}) => {
  const { buy } = await openBuy(page, stack, wallet.account.address)
  const amount = buy.getByLabel('Amount')
  const limits = 'By card, the amount must be between 10.00 and 7500.00 USD'
  const proceed = buy.getByRole('button', { name: 'Continue in external window' })
  for (const refused of ['5', '8000']) {
    await amount.fill(refused)
    await expect(buy.getByRole('alert')).toHaveText(limits)
    await expect(amount).toHaveAttribute('aria-invalid', 'true')
    await expect(proceed).toBeDisabled()
  }
  await expectAccessible(page, 'Buy Crypto, over the limit')

  // The checkout checks again on the server: the form's amount changed there is refused too.
  await amount.fill('100')
  await expect(buy.getByRole('definition').first()).toHaveText(/ETH$/)
  const popup = await continueToProvider(page, buy)
  for (const refused of ['5', '8000']) {
    await popup.getByLabel('Amount').fill(refused)
    await payWith(popup, '4242 4242 4242 4242')
    await expect(popup.getByRole('alert')).toHaveText(limits)
  }
  await expectAccessible(popup, 'the sandbox checkout, over the limit')
  await expect(page.getByRole('dialog', { name: 'Buying' }).getByRole('status')).toHaveText(
    'Complete your payment in the provider window',
  )

  // A refused form keeps what was typed: fixing one field is all it takes. The expiry may be
  // typed as four digits.
  await popup.getByLabel('Amount').fill('100')
  await popup.getByLabel('Card number').fill('4242 4242 4242 4242')
  await popup.getByLabel('Expiry (MM/YY)').fill('1239')
  await popup.getByLabel('CVC').fill('')
  await popup.getByLabel('Name on card').fill('Ada Buyer')
  await popup.getByRole('button', { name: 'Pay' }).click()
  await expect(popup.getByRole('alert')).toHaveText('Enter the 3 or 4 digit CVC')
  await expect(popup.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242')
  await expect(popup.getByLabel('Expiry (MM/YY)')).toHaveValue('1239')
  await expect(popup.getByLabel('Name on card')).toHaveValue('Ada Buyer')
  await popup.getByLabel('CVC').fill('123')
  await popup.getByRole('button', { name: 'Pay' }).click()
  // Until the coins arrive: a payout still under way when the chain is rolled back after the
  // test would hold up the next test's order.
  await expect(popup.getByRole('heading', { name: 'Purchase complete' })).toBeVisible({
    timeout: 20_000,
  })
})

test.describe('a destination that takes no coins', () => {
  // A wallet of its own whose address holds a contract without a payable receive (set on the
  // devnet below, rolled back after the test with the rest of the chain).
  test.use({ walletOptions: { privateKeys: [generatePrivateKey()] } })

  test('the paid order fails plainly in both windows, and the treasury sends nothing', async ({
    page,
    stack,
    wallet,
  }) => {
    const me = wallet.account.address
    await rpc(stack, 'anvil_setCode', [me, '0x60006000fd'])
    const treasury = privateKeyToAccount(stack.devKeys[8] as `0x${string}`).address
    const treasuryNonce = await nonceOf(stack, treasury)
    const { buy } = await openBuy(page, stack, me)
    await buy.getByRole('button', { name: '100 USD' }).click()
    await expect(buy.getByRole('definition').first()).toHaveText(/ETH$/)
    const popup = await continueToProvider(page, buy)
    await payWith(popup, '4242 4242 4242 4242')
    const reason = 'The coins could not be delivered to this address'
    await expect(popup.getByRole('heading', { name: 'Purchase failed' })).toBeVisible({
      timeout: 20_000,
    })
    await expect(popup.getByRole('alert')).toHaveText(reason)
    const buying = page.getByRole('dialog', { name: 'Purchase Failed' })
    await expect(buying.getByRole('status')).toHaveText('The purchase failed', { timeout: 20_000 })
    await expect(buying.getByRole('alert')).toHaveText(reason)
    await expect(buying.getByRole('button', { name: 'Back to account' })).toHaveCount(0)
    await expectAccessible(page, 'Buying, failed')
    expect(await balanceOf(stack, me)).toBe(0n)
    expect(await nonceOf(stack, treasury)).toBe(treasuryNonce)
  })
})
