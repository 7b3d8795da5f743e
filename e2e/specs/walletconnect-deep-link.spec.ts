// A wallet picked on a phone opens through its registry `mobile_link`, with no QR code at first;
// when no app takes the deep link (the page keeps focus and stays visible past
// DEEP_LINK_FALLBACK_WAIT_MS, 1.5 s), the view offers the QR code and where to get the wallet.
// Rainbow's registry entry (apps/server/src/wallets/registry/evm-wallets.ts) has `rainbow://`
// and both phone stores.
import { devices } from '@playwright/test'
import { pickRegistryWallet } from '../fixtures/pick-registry-wallet'
import { expect, expectAccessible, test } from '../fixtures/test'

const DEEP_LINK_FALLBACK_WAIT_MS = 1_500

// A phone: Android Chrome's user agent, a phone-sized viewport, touch.
test.use({ ...devices['Pixel 7'] })

test('offers the QR code and the store links when the deep link opens nothing', async ({
  page,
  stack,
}) => {
  const dialog = await pickRegistryWallet(page, stack.webUrl, 'Rainbow')
  const openApp = dialog.getByRole('button', { name: 'Open Rainbow' })
  await expect(openApp).toBeVisible()
  // A phone gets the app's deep link, not the desktop one.
  await expect(dialog.getByRole('button', { name: 'Open desktop app' })).toHaveCount(0)
  await expect(dialog.getByRole('list', { name: 'Get Rainbow' })).toHaveCount(0)
  // The app first: a phone cannot scan the QR code on its own screen.
  await expect(dialog.getByText('Continue in Rainbow')).toBeVisible()
  await expect(dialog.getByRole('img', { name: 'QR code to connect Rainbow' })).toHaveCount(0)
  await expectAccessible(page, 'ConnectingWalletConnect on a phone')

  // No app handles rainbow:// here, so the page keeps its focus.
  const clickedAt = Date.now()
  await openApp.tap()
  const fallback = dialog.getByRole('status')
  await expect(fallback).toContainText(
    'Nothing opened Rainbow. Scan the QR code instead, or get Rainbow:',
  )
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(DEEP_LINK_FALLBACK_WAIT_MS)
  // Still our page: the deep link did not navigate it away.
  expect(new URL(page.url()).origin).toBe(new URL(stack.webUrl).origin)

  await expect(dialog.getByRole('img', { name: 'QR code to connect Rainbow' })).toBeVisible()
  const stores = fallback.getByRole('list', { name: 'Get Rainbow' })
  // Android: Google Play, then the homepage; not the App Store or the Chrome extension.
  await expect(stores.getByRole('link')).toHaveText(['Google Play', 'Website'])
  await expect(stores.getByRole('link', { name: 'Google Play' })).toHaveAttribute(
    'href',
    'https://play.google.com/store/apps/details?id=me.rainbow',
  )
  await expect(stores.getByRole('link', { name: 'Website' })).toHaveAttribute(
    'href',
    'https://rainbow.me',
  )
  await expectAccessible(page, 'ConnectingWalletConnect (the deep link opened nothing)')
})
