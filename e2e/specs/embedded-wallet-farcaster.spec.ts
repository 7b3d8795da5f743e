// Sign In With Farcaster into the embedded wallet, as a visitor meets it: Connect, Farcaster, the
// QR code's link approved in apps/wallet acting as the visitor's Farcaster app (fid 1, custody
// dev account 2 on the devnet's IdRegistry), and the host's wagmi panel shows the wallet. The
// server checks the signed message against the chain; nothing here reaches past the pages.
import type { Browser, Page } from '@playwright/test'
import type { Address } from 'viem'
import { connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'
import { openWalletApp } from '../fixtures/wallet-app'

const dialog = (page: Page) => page.getByRole('dialog')

/** Connect, then Farcaster: the view's link once the channel is made. */
async function openFarcasterLink(page: Page, webUrl: string): Promise<string> {
  await page.goto(webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await (await connectAtRest(page)).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Farcaster' })).toBeVisible()
  await expect(
    dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
  ).toBeVisible({ timeout: 20_000 })
  const link = await dialog(page).getByRole('textbox', { name: 'Farcaster link' }).inputValue()
  expect(
    await dialog(page).getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href'),
  ).toBe(link)
  return link
}

const request = (phone: Page) => phone.getByRole('region', { name: 'Farcaster sign-in request' })

/** apps/wallet shows what the link asks (domain, nonce, fid) and approves it. */
async function approveOnPhone(phone: Page, link: string, webUrl: string): Promise<void> {
  const asked = new URL(link).searchParams
  const card = request(phone)
  await expect(card).toBeVisible()
  await expect(card.getByRole('definition').nth(0)).toHaveText(new URL(webUrl).host)
  await expect(card.getByRole('definition').nth(2)).toHaveText(asked.get('nonce') as string)
  await expect(card.getByRole('definition').nth(3)).toHaveText('1')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(phone.getByText(`Signed in to ${new URL(webUrl).host} as fid 1.`)).toBeVisible({
    timeout: 15_000,
  })
  await expect(request(phone)).toHaveCount(0)
}

async function connectedAddress(page: Page): Promise<Address> {
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(dialog(page)).toBeHidden()
  return (await page.getByTestId('host-address').textContent()) as Address
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test.describe('the embedded wallet with Sign In With Farcaster', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a QR link approved in the Farcaster app connects; the same fid in another browser is the same wallet', async ({
    page,
    stack,
    browser,
  }) => {
    const link = await openFarcasterLink(page, stack.webUrl)
    await expectAccessible(page, 'ConnectingFarcaster')

    // The phone: the link pasted into the Farcaster client's field.
    const phone = await newPage(browser)
    await openWalletApp(phone, stack.walletUrl)
    await phone.getByRole('textbox', { name: 'Farcaster sign-in link' }).fill(link)
    await phone.getByRole('button', { name: 'Open link' }).click()
    await approveOnPhone(phone, link, stack.webUrl)
    const address = await connectedAddress(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Account says how the wallet was logged in, by the fid's username.
    await page.getByRole('button', { name: /0x/ }).first().click()
    await expect(dialog(page)).toContainText('Logged in with Farcaster as portico-dev')

    // Another browser, a new channel, the link opened as a scanned QR code opens the app.
    const other = await newPage(browser)
    const second = await openFarcasterLink(other, stack.webUrl)
    expect(second).not.toBe(link)
    const url = new URL(stack.walletUrl)
    url.searchParams.set('farcasterUrl', second)
    await phone.goto(url.toString())
    await approveOnPhone(phone, second, stack.webUrl)
    expect(await connectedAddress(other)).toBe(address)

    // A link already redeemed is gone from the relay, and the phone says so.
    await phone.getByRole('textbox', { name: 'Farcaster sign-in link' }).fill(second)
    await phone.getByRole('button', { name: 'Open link' }).click()
    await request(phone).getByRole('button', { name: 'Approve' }).click()
    await expect(phone.getByRole('region', { name: 'Farcaster' }).getByRole('alert')).toHaveText(
      'Unknown or expired channel: start a new sign-in',
    )
    await other.context().close()
    await phone.context().close()
  })

  test('leaving the view and coming back makes a new request; a refused key leaves the visitor waiting', async ({
    page,
    stack,
    browser,
  }) => {
    const first = await openFarcasterLink(page, stack.webUrl)
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await (await connectAtRest(page))
      .getByRole('button', { name: 'Continue with Farcaster' })
      .click()
    await expect(
      dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
    ).toBeVisible({ timeout: 20_000 })
    const link = await dialog(page).getByRole('textbox', { name: 'Farcaster link' }).inputValue()
    expect(link).not.toBe(first)

    // Dev account 3 holds no fid: the relay refuses its signature for fid 1.
    const phone = await newPage(browser)
    const url = new URL(stack.walletUrl)
    url.searchParams.set('fidAccount', '3')
    url.searchParams.set('farcasterUrl', link)
    await phone.goto(url.toString())
    await request(phone).getByRole('button', { name: 'Approve' }).click()
    await expect(phone.getByRole('region', { name: 'Farcaster' }).getByRole('alert')).toHaveText(
      'Invalid Farcaster sign-in: the account is not the custody address of fid 1',
    )
    await expect(
      dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
    ).toBeVisible()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await phone.context().close()
  })
})
