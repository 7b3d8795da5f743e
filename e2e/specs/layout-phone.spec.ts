// The modal and the host page on a phone (390x844): a bottom sheet at the viewport's bottom
// edge, nothing that scrolls sideways, and a connect button that stays one line.

import type { Page } from '@playwright/test'
import { accountAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

const PHONE = { width: 390, height: 844 }
test.use({ viewport: PHONE, hasTouch: true })

async function pageScrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => (document.scrollingElement as Element).scrollWidth)
}

test.describe('the modal on a phone', () => {
  test('opens as a bottom sheet, and nothing scrolls sideways', async ({ page, stack }) => {
    await page.goto(stack.webUrl)
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog.getByRole('list', { name: 'Wallets' }).getByRole('button')).not.toHaveCount(
      0,
    )
    await expect(async () => {
      const box = await dialog.boundingBox()
      expect(box).not.toBeNull()
      if (!box) return
      // Full width, its bottom edge on the viewport's bottom edge.
      expect(Math.round(box.x)).toBe(0)
      expect(Math.round(box.width)).toBe(PHONE.width)
      expect(Math.round(box.y + box.height)).toBe(PHONE.height)
    }).toPass({ timeout: 5000 })
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(page, 'Connect at 390x844')
  })

  test('keeps the connected button on one line and the Account sheet inside the screen', async ({
    page,
    stack,
    wallet,
  }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const button = accountButton(page, wallet.account.address)
    await expect(button).toBeVisible()
    // One line: every piece of text in the button sits on the same line box.
    const lineTops = await button.evaluate((element) => {
      const tops = new Set<number>()
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange()
        range.selectNodeContents(node)
        for (const rect of range.getClientRects()) tops.add(Math.round(rect.top + rect.height / 2))
      }
      return [...tops]
    })
    expect(lineTops.length).toBeGreaterThan(0)
    expect(Math.max(...lineTops) - Math.min(...lineTops)).toBeLessThanOrEqual(2)
    const box = await button.boundingBox()
    expect(box?.height).toBeLessThanOrEqual(40)
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBeLessThanOrEqual(PHONE.width)
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(page, 'host page at 390x844, connected')

    await button.click()
    const dialog = await accountAtRest(page)
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toBeVisible()
    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await expect(dialog.getByRole('list', { name: 'NFTs' }).getByRole('listitem')).toHaveCount(4)
    await expect(async () => {
      const sheet = await dialog.boundingBox()
      expect(sheet).not.toBeNull()
      if (!sheet) return
      expect(Math.round(sheet.y)).toBeGreaterThanOrEqual(0)
      expect(Math.round(sheet.y + sheet.height)).toBe(PHONE.height)
    }).toPass({ timeout: 5000 })
    expect(await pageScrollWidth(page)).toBeLessThanOrEqual(PHONE.width)
    await expectAccessible(page, 'Account, NFTs at 390x844')
  })
})
