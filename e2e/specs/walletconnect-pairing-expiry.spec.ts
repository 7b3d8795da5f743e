// A WalletConnect pairing lives five minutes (the `expiryTimestamp` its URI carries, which the
// modal keeps as wcPairingExpiry); the open QR code is then replaced by a new pairing. The page
// runs on Playwright's clock, so the five minutes pass in a moment instead of in real time.
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'
import { approveInWalletApp, openWalletApp, pairWalletApp } from '../fixtures/wallet-app'

const FIVE_MINUTES = 5 * 60_000

/** The URI's `expiryTimestamp` (seconds) in epoch milliseconds. */
function expiryOf(uri: string): number {
  const seconds = Number(new URLSearchParams(uri.split('?')[1]).get('expiryTimestamp'))
  if (!Number.isFinite(seconds) || seconds <= 0) throw new Error(`no expiryTimestamp in ${uri}`)
  return seconds * 1000
}

test('replaces the QR code when its pairing expires, not before, and the new one pairs', async ({
  page,
  context,
  stack,
}) => {
  // The clock is the context's: apps/wallet, opened in this context below, shares it, as a
  // phone and a laptop share the time of day.
  await page.clock.install()
  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /^WalletConnect/ })
    .click()

  const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
  const qrCode = dialog.getByRole('img', { name: /QR code/ })
  const link = dialog.getByRole('textbox', { name: 'WalletConnect link' })
  await expect(qrCode).toBeVisible()
  await expect(link).toHaveValue(/^wc:/)
  const status = page.getByTestId('host-status')
  // A QR code waiting for the wallet is not connecting yet.
  await expect(status).toHaveText('disconnected')
  const first = await link.inputValue()
  const expiry = expiryOf(first)
  const now = await page.evaluate(() => Date.now())
  expect(expiry - now).toBeGreaterThan(FIVE_MINUTES - 10_000)
  expect(expiry - now).toBeLessThanOrEqual(FIVE_MINUTES)

  // Five seconds short of the expiry (the clock keeps running meanwhile, in real time): the
  // SDK's heartbeat has run and the modal's timer has not fired; the same pairing is shown.
  await page.clock.fastForward(expiry - now - 5_000)
  // A frame later, whatever the jump set off has been drawn.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  await expect(qrCode).toBeVisible()
  await expect(link).toHaveValue(first)

  // Past the expiry: a new pairing, with a new URI behind a new QR code.
  await page.clock.fastForward(6_000)
  await expect(link).not.toHaveValue(first)
  await expect(link).toHaveValue(/^wc:/)
  await expect(qrCode).toBeVisible()
  const second = await link.inputValue()
  expect(expiryOf(second)).toBeGreaterThan(await page.evaluate(() => Date.now()))
  // The SDK ends the old proposal too (on its heartbeat, in the same jump); the new QR code
  // still waits for the wallet, so the host's own wagmi hooks see no connection under way.
  await expect(status).toHaveText('disconnected')

  // The new URI pairs: the wallet approves and the modal shows the connected account.
  const walletPage = await context.newPage()
  await openWalletApp(walletPage, stack.walletUrl)
  await pairWalletApp(walletPage, second)
  await approveInWalletApp(walletPage, 'Connection request')

  const address = privateKeyToAccount(stack.devKeys[0] as Hex).address
  await expect(dialog).toBeHidden()
  await expect(status).toHaveText('connected')
  await expect(page.getByTestId('host-address')).toHaveText(address)
  await accountButton(page, address).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toContainText(
    `${address.slice(0, 6)}…${address.slice(-4)}`,
  )
})
