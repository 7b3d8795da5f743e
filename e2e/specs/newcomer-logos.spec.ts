// A first-time visitor tells wallets and networks apart by their logos (served by our Wallet API
// image routes), and the page asks for none of them before the modal opens.

import type { Locator, Page } from '@playwright/test'
import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

const IMAGE_ROUTE = /\/(getWalletImage|public\/getAssetImage)\//

/** The image a row shows, as its bytes, once the browser has drawn it. */
async function shownImage(page: Page, row: Locator): Promise<string> {
  const image = row.locator('img')
  await expect(image).toHaveJSProperty('complete', true)
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(
    0,
  )
  const src = (await image.getAttribute('src')) ?? ''
  const response = await page.request.get(src)
  expect(response.headers()['content-type']).toBe('image/svg+xml')
  return response.text()
}

test('wallet rows show their logos, loaded with the modal and not before', async ({
  page,
  stack,
}) => {
  const imageRequests: string[] = []
  page.on('request', (request) => {
    if (IMAGE_ROUTE.test(request.url())) imageRequests.push(request.url())
  })
  await page.goto(stack.webUrl)
  await page.waitForLoadState('networkidle')
  expect(imageRequests).toEqual([])

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  const rows = dialog
    .getByRole('listitem')
    .filter({ has: page.locator('img[src*="getWalletImage"]') })
  // The rows arrive as the wallet list loads: wait for the two this test compares.
  await expect(rows.nth(1)).toBeVisible()
  const logos = await Promise.all(
    (await rows.all()).slice(0, 2).map((row) => shownImage(page, row)),
  )
  expect(logos).toHaveLength(2)
  for (const logo of logos) expect(logo).not.toContain('</text>')
  expect(logos[0]).not.toBe(logos[1])
  expect(imageRequests.length).toBeGreaterThan(0)
  await expectAccessible(page, 'Connect with logos')
})

test('the Ethereum and Base rows show different logos', async ({ page, stack, wallet }) => {
  await openAndPickTestWallet(page, stack.webUrl)
  await openAccount(page, wallet.account.address)
  await page.getByRole('button', { name: /Network: Ethereum/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Choose Network' })

  const ethereum = await shownImage(page, dialog.getByRole('button', { name: /Ethereum/ }))
  const base = await shownImage(page, dialog.getByRole('button', { name: /Base/ }))
  expect(ethereum).not.toBe(base)
  // Logos, not our lettered monograms.
  expect(ethereum).not.toContain('</text>')
  expect(base).not.toContain('</text>')
  await expectAccessible(page, 'Networks with logos')
})
