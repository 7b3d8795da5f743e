// A visitor who has no wallet learns what one is and where to get one, from the Connect view,
// by pointer and by keyboard, and finds the way back.

import { connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'

test('a visitor without a wallet opens What is a wallet?, then Get a wallet, and sees download links', async ({
  browser,
  stack,
}) => {
  // A browser context of its own: no test wallet is installed in it, as for a visitor without one.
  const context = await browser.newContext()
  const page = await context.newPage()
  try {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = await connectAtRest(page)
    await expect(connect.getByText('New to wallets?')).toBeVisible()
    await connect.getByRole('button', { name: 'What is a wallet?' }).click()

    const whatIs = page.getByRole('dialog', { name: /what is a wallet/i })
    await expect(
      whatIs.getByRole('heading', { name: 'A home for your digital assets' }),
    ).toBeVisible()
    await expect(whatIs.getByRole('heading', { name: 'A new way to log in' })).toBeVisible()
    await expectAccessible(page, 'WhatIsAWallet')

    // The keyboard alone gets on: focus is in the view, Get a wallet is reached and pressed.
    const getButton = whatIs.getByRole('button', { name: 'Get a wallet' })
    for (
      let tab = 0;
      tab < 5 && !(await getButton.evaluate((el) => el === document.activeElement));
      tab++
    ) {
      await page.keyboard.press('Tab')
    }
    await expect(getButton).toBeFocused()
    await page.keyboard.press('Enter')

    const getWallet = page.getByRole('dialog', { name: /get a wallet/i })
    const wallets = getWallet.getByRole('list', { name: 'Wallets to get' })
    const metaMask = wallets.getByRole('list', { name: 'Get MetaMask' })
    const store = metaMask.getByRole('link', { name: 'MetaMask: Chrome Web Store' })
    await expect(store).toHaveAttribute('href', /^https:\/\/chrome(webstore)?\.google\.com\//)
    await expect(store).toHaveAttribute('target', '_blank')
    await expect(metaMask.getByRole('link', { name: 'MetaMask: Website' })).toHaveAttribute(
      'href',
      /^https:\/\//,
    )
    expect(await wallets.getByRole('link').count()).toBeGreaterThan(3)
    await expectAccessible(page, 'GetAWallet')

    await getWallet.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('dialog', { name: /what is a wallet/i })).toBeVisible()
    await page.getByRole('dialog').getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  } finally {
    await context.close()
  }
})
