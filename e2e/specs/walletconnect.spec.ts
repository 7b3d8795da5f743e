// WalletConnect end to end: the modal's QR code pairs with apps/wallet (WalletKit) through
// our server's relay; the wallet approves, signs and rejects as a visitor would.
import type { BrowserContext, Page } from '@playwright/test'
import { type Address, getAddress, verifyMessage } from 'viem'
import { accountAtRest, connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'

function walletUrl(): string {
  const url = process.env.PORTICO_WALLET_URL
  if (!url)
    throw new Error('apps/wallet is not running: run the specs through e2e/playwright.config.ts')
  return url
}

/** Opens the modal, picks WalletConnect and reads the pairing URI behind the QR code. */
async function showQrCode(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /^WalletConnect/ })
    .click()
  return readQrUri(page)
}

async function readQrUri(page: Page, previous?: string): Promise<string> {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  const link = dialog.getByRole('textbox', { name: 'WalletConnect link' })
  await expect(link).toHaveValue(/^wc:/)
  if (previous) await expect(link).not.toHaveValue(previous)
  return link.inputValue()
}

/** apps/wallet in a page of its own, ready to pair. */
async function openWallet(context: BrowserContext): Promise<{ page: Page; address: Address }> {
  const page = await context.newPage()
  await page.goto(walletUrl())
  await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled()
  const account = await page.getByRole('region', { name: 'Account' }).textContent()
  const address = account?.match(/0x[0-9a-fA-F]{40}/)?.[0]
  if (!address) throw new Error(`no address in the wallet's Account region: ${account}`)
  return { page, address: getAddress(address) }
}

async function pair(walletPage: Page, uri: string): Promise<void> {
  await walletPage.getByRole('textbox', { name: 'Connection link' }).fill(uri)
  await walletPage.getByRole('button', { name: 'Connect', exact: true }).click()
}

function card(walletPage: Page, name: string) {
  return walletPage.getByRole('region', { name })
}

test.describe('connecting over WalletConnect', () => {
  test('pairs through the QR code, signs through the wallet, and keeps the session after a reload', async ({
    page,
    context,
    stack,
  }) => {
    // Everything the page reaches, WebSockets included, to check it stays on our own stack.
    const reached = new Set<string>()
    page.on('request', (request) => reached.add(new URL(request.url()).origin))
    page.on('websocket', (socket) => reached.add(new URL(socket.url()).origin))

    await page.goto(stack.webUrl)
    const uri = await showQrCode(page)
    await expect(page.getByRole('dialog', { name: 'WalletConnect' })).toBeVisible()
    await expectAccessible(page, 'ConnectingWalletConnect')

    const wallet = await openWallet(context)
    await pair(wallet.page, uri)
    const proposal = card(wallet.page, 'Connection request')
    await expect(proposal).toContainText('Portico')
    await proposal.getByRole('button', { name: 'Approve' }).click()

    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-address')).toHaveText(wallet.address)
    const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(short) })
      .click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toContainText(short)
    await page
      .getByRole('dialog', { name: 'Account' })
      .getByRole('button', { name: 'Close' })
      .click()

    // The host app's own wagmi hook signs through the WalletConnect session.
    await page.getByRole('button', { name: 'Sign message' }).click()
    const request = card(wallet.page, 'Signature request')
    await expect(request).toContainText('Hello from the host app')
    await request.getByRole('button', { name: 'Approve' }).click()
    const signature = page.getByTestId('host-signature')
    await expect(signature).toHaveText(/^0x[0-9a-f]+$/)
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'Hello from the host app',
        signature: (await signature.textContent()) as `0x${string}`,
      }),
    ).toBe(true)

    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-address')).toHaveText(wallet.address)

    // Disconnecting ends the session on the wallet's side too.
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(short) })
      .click()
    await (await accountAtRest(page)).getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await expect(wallet.page.getByRole('region', { name: 'Sessions' })).toContainText('No sessions')

    // The relay and the RPC calls went to our server; nothing else was contacted.
    const ours = new Set([
      new URL(stack.webUrl).origin,
      new URL(stack.apiUrl).origin,
      new URL(stack.apiUrl.replace(/^http/, 'ws')).origin,
    ])
    expect([...reached].filter((origin) => !ours.has(origin))).toEqual([])
    expect(reached).toContain(new URL(stack.apiUrl.replace(/^http/, 'ws')).origin)
  })

  test('connects a wallet the host lists itself (customWallets) like a registry wallet', async ({
    page,
    context,
    stack,
  }) => {
    await page.goto(`${stack.webUrl}/?customWallet=1`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // WalletConnect, the installed test wallet, the custom one, 4 recommended, All wallets.
    const rows = page.getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect(rows).toHaveCount(8)
    const custom = rows.nth(2)
    await expect(custom).toHaveAccessibleName('Portico Local Wallet')
    // Its own image, drawn in the page: nothing fetched from elsewhere.
    await expect(custom.locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/)
    await custom.click()

    const uri = await readQrUri(page)
    const dialog = page.getByRole('dialog', { name: 'Portico Local Wallet' })
    await expect(
      dialog.getByRole('img', { name: 'QR code to connect Portico Local Wallet' }),
    ).toBeVisible()
    const wallet = await openWallet(context)
    await pair(wallet.page, uri)
    await card(wallet.page, 'Connection request').getByRole('button', { name: 'Approve' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-address')).toHaveText(wallet.address)
  })

  test('shows the rejection, and Try again pairs anew', async ({ page, context, stack }) => {
    await page.goto(stack.webUrl)
    const first = await showQrCode(page)
    const wallet = await openWallet(context)
    await pair(wallet.page, first)
    await card(wallet.page, 'Connection request').getByRole('button', { name: 'Reject' }).click()

    const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
    await expect(dialog.getByRole('alert')).toHaveText('Connection declined')
    await expectAccessible(page, 'ConnectingWalletConnect (declined)')
    await dialog.getByRole('button', { name: 'Try again' }).click()

    const second = await readQrUri(page, first)
    await pair(wallet.page, second)
    await card(wallet.page, 'Connection request').getByRole('button', { name: 'Approve' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-address')).toHaveText(wallet.address)
  })
})

test.describe('all wallets', () => {
  test('lists the registry, finds a wallet by name, and opens its QR code', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    // Connect: WalletConnect, the installed test wallet, 4 recommended wallets, All wallets.
    const list = (await connectAtRest(page))
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button')
    await expect(list).toHaveCount(7)
    await expect(list.first()).toHaveAccessibleName(/^WalletConnect/)
    await expect(list.nth(1)).toHaveAccessibleName(/Portico Test Wallet/)
    await expect(list.last()).toHaveAccessibleName(/^All wallets \d+ available$/)
    const total = Number((await list.last().textContent())?.match(/(\d+) available$/)?.[1])
    // More than one page of 40, so scrolling has something to load.
    expect(total).toBeGreaterThan(40)
    await list.last().click()

    const dialog = page.getByRole('dialog', { name: 'All Wallets' })
    const all = dialog.getByRole('list', { name: 'All wallets' })
    await expect(all.getByRole('button').first()).toBeVisible()
    // Wallet images are decorative beside their names (alt=""), fetched only as they scroll in.
    await expect(all.locator('img').first()).toHaveAttribute('loading', 'lazy')
    await expect(all.locator('img').first()).toHaveAttribute('src', /\/getWalletImage\//)
    await expectAccessible(page, 'AllWallets')

    // 40 at first; scrolling to the end of the grid brings the rest.
    await expect(all.getByRole('button')).toHaveCount(40)
    await all.getByRole('button').last().scrollIntoViewIfNeeded()
    await expect(all.getByRole('button')).toHaveCount(total)

    await dialog.getByRole('searchbox', { name: 'Search wallets' }).fill('rainbow')
    const results = dialog.getByRole('list', { name: 'Wallets matching rainbow' })
    await expect(results.getByRole('button')).toHaveCount(1)
    await results.getByRole('button', { name: 'Rainbow' }).click()

    const connecting = page.getByRole('dialog', { name: 'Rainbow' })
    await expect(connecting.getByRole('img', { name: 'QR code to connect Rainbow' })).toBeVisible()
    await expect(connecting.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue(
      /^wc:/,
    )
  })
})
