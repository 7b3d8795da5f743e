// WalletConnect as a first-time visitor meets it (issue 18): a QR code on screen is not
// 'connecting' (the visitor has done nothing yet), and closing the modal without scanning ends
// the attempt; the button and the host's own wagmi status say what is true.
import { expect, expectAccessible, test } from '../fixtures/test'

test('the QR code is not connecting, and closing without scanning resets the button within a second', async ({
  page,
  stack,
}) => {
  await page.goto(stack.webUrl)
  const button = page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' })
  await button.click()
  await page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: /^WalletConnect/ })
    .click()

  const dialog = page.getByRole('dialog', { name: 'WalletConnect' })
  await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible()
  await expect(dialog.getByRole('textbox', { name: 'WalletConnect link' })).toHaveValue(/^wc:/)
  const status = page.getByTestId('host-status')
  await expect(status).toHaveText('disconnected')
  await expectAccessible(page, 'ConnectingWalletConnect (QR code)')

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(button).toBeVisible({ timeout: 1000 })
  await expect(button).toHaveText('Connect Wallet', { timeout: 1000 })
  await expect(status).toHaveText('disconnected', { timeout: 1000 })
  await expect(page.getByText('Connecting…')).toHaveCount(0)
})
