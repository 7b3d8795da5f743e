// The dialog's frame at desktop size: its top edge stays where it opened while the content
// under it changes height (a re-centring dialog moves the tab bar and the search box away
// from the pointer).

import type { Locator } from '@playwright/test'
import { connectAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

test.use({ viewport: { width: 1280, height: 800 } })

async function topOf(dialog: Locator): Promise<number> {
  const box = await dialog.boundingBox()
  if (!box) throw new Error('the dialog is not on screen')
  return Math.round(box.y)
}

test.describe('the modal at desktop size', () => {
  test('keeps its top edge still across the Account tabs', async ({ page, stack, wallet }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await accountButton(page, wallet.account.address).click()
    const dialog = page.getByRole('dialog', { name: 'Account' })
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toBeVisible()
    await dialogAtRest(page)
    const top = await topOf(dialog)
    const tabBar = dialog.getByRole('tablist', { name: 'Account' })
    const tabBarTop = (await tabBar.boundingBox())?.y

    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await expect(dialog.getByRole('list', { name: 'NFTs' })).toBeVisible()
    await dialogAtRest(page)
    expect(await topOf(dialog)).toBe(top)
    expect((await tabBar.boundingBox())?.y).toBe(tabBarTop)

    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
    expect(await topOf(dialog)).toBe(top)

    await dialog.getByRole('tab', { name: 'Tokens' }).click()
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toBeVisible()
    expect(await topOf(dialog)).toBe(top)
  })

  test('keeps the e-mail field and the social logins in place while the wallet list arrives', async ({
    page,
    stack,
  }) => {
    // The registry's answer held back until the placeholders have been measured.
    let answer: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      answer = resolve
    })
    await page.route(/\/getWallets\?/, async (route) => {
      await answered
      await route.continue()
    })
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    const wallets = connect.getByRole('list', { name: 'Wallets' })
    await expect(wallets).toHaveAttribute('aria-busy', 'true')
    // The installed test wallet comes first, so the e-mail field and the social logins are below.
    const email = connect.getByLabel('E-mail')
    const google = connect.getByRole('button', { name: 'Continue with Google' })
    await expect(email).toBeVisible()
    await dialogAtRest(page)
    const before = [await email.boundingBox(), await google.boundingBox()]

    answer()
    await expect(wallets).toHaveAttribute('aria-busy', 'false')
    await expect(wallets.getByRole('button')).toHaveCount(7)
    await dialogAtRest(page)
    expect([await email.boundingBox(), await google.boundingBox()]).toEqual(before)
  })

  test('keeps its top edge and the search box still while searching All wallets', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await (await connectAtRest(page))
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /^All wallets/ })
      .click()
    const dialog = page.getByRole('dialog', { name: 'All Wallets' })
    await expect(dialog.getByRole('list', { name: 'All wallets' }).getByRole('button')).toHaveCount(
      40,
    )
    // Measured once the view has faded in: the search box slides while the view enters.
    await dialogAtRest(page)
    const top = await topOf(dialog)
    const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
    const searchTop = (await search.boundingBox())?.y

    await search.fill('rainbow')
    const results = dialog.getByRole('list', { name: 'Wallets matching rainbow' })
    await expect(results.getByRole('button')).toHaveCount(1)
    await dialogAtRest(page)
    expect(await topOf(dialog)).toBe(top)
    expect((await search.boundingBox())?.y).toBe(searchTop)
  })

  test('opens Connect at its top, the first control whole in view', async ({ page, stack }) => {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = await connectAtRest(page)
    // A wallet is installed (the test wallet), so the wallets come first, then the e-mail field.
    const first = connect.getByRole('list', { name: 'Wallets' }).getByRole('button').first()
    const seen = await first.evaluate((element) => {
      let scroller = element.parentElement
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) {
        scroller = scroller.parentElement
      }
      if (!scroller) return undefined
      const box = element.getBoundingClientRect()
      const view = scroller.getBoundingClientRect()
      return {
        scrollTop: scroller.scrollTop,
        whole: box.top >= view.top && box.bottom <= view.bottom,
      }
    })
    expect(seen).toEqual({ scrollTop: 0, whole: true })
    await expectAccessible(page, 'Connect at desktop size')
  })

  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    test(`animates a change of height ${reducedMotion === 'reduce' ? 'not at all with reduced motion' : 'in 150 ms'}`, async ({
      page,
      stack,
    }) => {
      await page.emulateMedia({ reducedMotion })
      await page.goto(stack.webUrl)
      await page.getByRole('button', { name: 'Connect Wallet' }).click()
      const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
      await expect(dialog.getByRole('list', { name: 'Wallets' })).toBeVisible()
      // The element inside the dialog whose height follows the view, and how it moves.
      const heights = await dialog.evaluate((element) => {
        const list = element.querySelector('ul') as HTMLElement
        for (let node = list.parentElement; node && node !== element; node = node.parentElement) {
          const style = getComputedStyle(node)
          if (node.style.height)
            return { property: style.transitionProperty, duration: style.transitionDuration }
        }
        return undefined
      })
      if (reducedMotion === 'reduce') expect(heights?.duration).toBe('0s')
      else expect(heights).toEqual({ property: 'height', duration: '0.15s' })
    })
  }
})
