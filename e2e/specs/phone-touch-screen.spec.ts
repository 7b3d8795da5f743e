// A phone whose browser does not say "Mobile" (a phone asking for the desktop site, some in-app
// browsers): only a touch screen, phone-sized, gives it away. There the wallet's app opens by
// deep link first; a QR code on the phone's own screen is one it cannot scan. A desktop keeps
// the QR code. Rainbow's registry entry (apps/server/src/wallets/registry/evm-wallets.ts) has
// `rainbow://` as its app link.
import { pickRegistryWallet } from '../fixtures/pick-registry-wallet'
import { expect, expectAccessible, test } from '../fixtures/test'

/** Where the modal keeps the deep link it last opened (packages/core/src/storage/storage-keys.ts). */
const DEEP_LINK_KEY = '@portico/wallet_connect_deep_link'

test.describe('a touch-only phone-sized screen whose browser says it is a desktop', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false })

  test('opens the picked wallet by its app link with the pairing, not a QR code', async ({
    page,
    stack,
  }) => {
    // The browser's own claim: a desktop. Only the touch screen and its size say phone.
    expect(await page.evaluate(() => navigator.userAgent)).not.toMatch(/Mobi|Android|iPhone/)

    const dialog = await pickRegistryWallet(page, stack.webUrl, 'Rainbow')
    const openRainbow = dialog.getByRole('button', { name: 'Open Rainbow' })
    await expect(openRainbow).toBeVisible()
    await expect(dialog.getByText('Continue in Rainbow')).toBeVisible()
    await expect(dialog.getByRole('img', { name: 'QR code to connect Rainbow' })).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Open desktop app' })).toHaveCount(0)
    await expectAccessible(page, 'ConnectingWalletConnect on a touch screen with a desktop agent')

    const uri = await dialog.getByRole('textbox', { name: 'WalletConnect link' }).inputValue()
    await openRainbow.tap()
    // The link handed to the system is Rainbow's app link carrying this pairing.
    await expect
      .poll(() => page.evaluate((key) => localStorage.getItem(key), DEEP_LINK_KEY))
      .toBe(
        JSON.stringify({
          name: 'Rainbow',
          href: `rainbow://wc?uri=${encodeURIComponent(uri)}`,
        }),
      )
    // Nothing here takes rainbow://, so the QR code comes as the way out.
    await expect(dialog.getByRole('status')).toContainText('Nothing opened Rainbow')
    await expect(dialog.getByRole('img', { name: 'QR code to connect Rainbow' })).toBeVisible()
  })
})

test.describe('a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('shows the QR code to scan with a phone, and no app link', async ({ page, stack }) => {
    const dialog = await pickRegistryWallet(page, stack.webUrl, 'Rainbow')
    await expect(dialog.getByRole('img', { name: 'QR code to connect Rainbow' })).toBeVisible()
    await expect(dialog.getByText('Scan this QR code with Rainbow on your phone.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Open Rainbow' })).toHaveCount(0)
    await expectAccessible(page, 'ConnectingWalletConnect on a desktop')
  })
})
