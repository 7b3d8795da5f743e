// The dialog's frame at desktop size: its top edge stays where it opened while the content
// under it changes height (a re-centring dialog moves the tab bar and the search box away
// from the pointer).

import type { Locator } from '@playwright/test'
import { expect, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

test.use({ viewport: { width: 1280, height: 800 } })

/** Waits out the dialog's running animations (the view's fade, the 150 ms height change). */
async function settled(dialog: Locator): Promise<void> {
  await dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

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
    await settled(dialog)
    const top = await topOf(dialog)
    const tabBar = dialog.getByRole('tablist', { name: 'Account' })
    const tabBarTop = (await tabBar.boundingBox())?.y

    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await expect(dialog.getByRole('list', { name: 'NFTs' })).toBeVisible()
    await settled(dialog)
    expect(await topOf(dialog)).toBe(top)
    expect((await tabBar.boundingBox())?.y).toBe(tabBarTop)

    await dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(dialog.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
    expect(await topOf(dialog)).toBe(top)

    await dialog.getByRole('tab', { name: 'Tokens' }).click()
    await expect(dialog.getByRole('list', { name: 'Tokens' })).toBeVisible()
    expect(await topOf(dialog)).toBe(top)
  })

  test('keeps its top edge and the search box still while searching All wallets', async ({
    page,
    stack,
  }) => {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('list', { name: 'Wallets' })
      .getByRole('button', { name: /^All wallets/ })
      .click()
    const dialog = page.getByRole('dialog', { name: 'All Wallets' })
    await expect(dialog.getByRole('list', { name: 'All wallets' }).getByRole('button')).toHaveCount(
      40,
    )
    // Measured once the view has faded in: the search box slides while the view enters.
    await settled(dialog)
    const top = await topOf(dialog)
    const search = dialog.getByRole('searchbox', { name: 'Search wallets' })
    const searchTop = (await search.boundingBox())?.y

    await search.fill('rainbow')
    const results = dialog.getByRole('list', { name: 'Wallets matching rainbow' })
    await expect(results.getByRole('button')).toHaveCount(1)
    await settled(dialog)
    expect(await topOf(dialog)).toBe(top)
    expect((await search.boundingBox())?.y).toBe(searchTop)
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
