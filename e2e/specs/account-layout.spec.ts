// Account as a visitor meets it at 1280x800 and on a 390x844 phone (issue 38, Layout): one
// balance, the spec's four wallet actions in its order (onramp, swaps, receive, send), the
// network shown as where the account is (a button that says it switches), Disconnect on screen
// without scrolling, and the embedded wallet's settings one level down, one Enter away.

import type { Locator, Page } from '@playwright/test'
import { connectAndOpenAccount } from '../fixtures/account-dialog'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { dialog, freshAddress, logIn } from '../fixtures/email-login'
import { expect, expectAccessible, test } from '../fixtures/test'
import { VISITOR_SIZES } from '../fixtures/visitor-sizes'

/** Disconnect's box lies inside the window, with neither the page nor the dialog scrolled. */
async function expectDisconnectInView(page: Page, account: Locator) {
  const disconnect = account.getByRole('button', { name: 'Disconnect' })
  const box = await disconnect.boundingBox()
  const viewport = page.viewportSize()
  if (!box || !viewport) throw new Error('Disconnect is not laid out')
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width)
  const scrolled = await page.evaluate(() => {
    const body = document.querySelector('.portico-body')
    return window.scrollY + (body?.scrollTop ?? 0)
  })
  expect(scrolled).toBe(0)
}

for (const { name, viewport } of VISITOR_SIZES) {
  test.describe(`Account at ${name} size`, () => {
    test.use({ viewport })

    test('shows the balance once, the four actions in the spec order, and Disconnect in view', async ({
      page,
      stack,
      wallet,
    }) => {
      const account = await connectAndOpenAccount(page, stack, wallet)

      // One balance: the tokens' worth, above the actions; no total repeats it in the tab.
      const balance = account.getByRole('status', { name: 'Balance' })
      await expect(balance).toHaveText(/^\$[\d,]+\.\d\d$/)
      const worth = (await balance.textContent()) as string
      await expect(account.getByText(worth, { exact: true })).toHaveCount(1)
      // The native coin's amount once, in its token row (not also under the address).
      const ether = account
        .getByRole('list', { name: 'Tokens' })
        .getByRole('listitem')
        .filter({ hasText: 'Ether' })
      const eth = /[\d,]+(\.\d+)? ETH/.exec((await ether.textContent()) as string)?.[0]
      expect(eth).toBeTruthy()
      await expect(account.getByText(eth as string)).toHaveCount(1)

      await expect(
        account.getByRole('group', { name: 'Wallet actions' }).getByRole('button'),
      ).toHaveText(['Buy', 'Swap', 'Receive', 'Send'])
      // Settings belong to the embedded wallet: a browser wallet keeps its own.
      await expect(account.getByRole('button', { name: 'Export private key' })).toHaveCount(0)
      await expect(account.getByRole('button', { name: 'Account settings' })).toHaveCount(0)

      // The network reads as where the account is, and says that it switches.
      const chip = account.getByRole('button', { name: 'Network: Ethereum. Change network' })
      await expect(chip).toHaveText(/^Ethereum\s*Switch/)

      await expectDisconnectInView(page, account)
      await expectAccessible(page, `Account at ${name} size`)

      // The longest tab does not push Disconnect away either.
      await account.getByRole('tab', { name: 'Activity' }).click()
      await expect(account.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
      await dialogAtRest(page)
      await expectDisconnectInView(page, account)

      await chip.click()
      await expect(page.getByRole('dialog', { name: 'Choose Network' })).toBeVisible()
    })
  })
}

test.describe('Account settings of the embedded wallet', () => {
  test.use({ viewport: VISITOR_SIZES[0].viewport })

  test('are one Enter away from the keyboard, and hold the e-mail, the export and the type', async ({
    page,
    stack,
  }) => {
    const email = freshAddress('settings')
    await logIn(page, stack.webUrl, email)
    await page.getByRole('button', { name: /0x/ }).first().click()
    const account = page.getByRole('dialog', { name: 'Account' })
    await expect(account.getByText(email, { exact: true })).toBeVisible()
    await dialogAtRest(page)
    await expect(account.getByRole('button', { name: 'Change e-mail' })).toHaveCount(0)
    await expect(account.getByRole('button', { name: 'Export private key' })).toHaveCount(0)
    await expectDisconnectInView(page, account)

    // Tab reaches the settings in the bar at the top (after the network and Disconnect); Enter
    // opens them; the next Tab is their first control.
    const settings = account.getByRole('button', { name: 'Account settings' })
    let presses = 0
    while (!(await settings.evaluate((element) => element === document.activeElement))) {
      expect(presses, 'Tab presses before Account settings').toBeLessThan(4)
      await page.keyboard.press('Tab')
      presses++
    }
    await expect(settings).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Enter')
    await expect(settings).toHaveAttribute('aria-expanded', 'true')
    const panel = account.getByRole('region', { name: 'Account settings' })
    await expect(panel).toContainText(email)
    await expect(panel).toContainText('Account type')
    await expect(panel).toContainText('Standard (EOA)')
    await expect(panel.getByRole('button', { name: 'Export private key' })).toBeVisible()
    await dialogAtRest(page)
    await expectDisconnectInView(page, account)
    await expectAccessible(page, 'Account settings')

    await page.keyboard.press('Tab')
    await expect(panel.getByRole('button', { name: 'Change e-mail' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog(page).getByLabel('New e-mail')).toBeVisible()
  })
})
