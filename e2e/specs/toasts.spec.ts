// Toasts are seen and heard while the modal is open: a modal dialog sits in the browser's top
// layer and makes the page behind it inert, so a toast must be part of the dialog, drawn above
// its backdrop (and above the phone's sheet), not under them.
import type { Locator, Page } from '@playwright/test'
import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

/** Whether the toast is what a tap at its centre would land on (nothing drawn over it). */
async function toastOnTop(page: Page, toast: Locator): Promise<boolean> {
  const box = await toast.boundingBox()
  if (!box) return false
  return page.evaluate(
    ({ x, y }) => Boolean(document.elementFromPoint(x, y)?.closest('.portico-toast')),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  )
}

for (const { size, viewport, hasTouch } of [
  { size: 'a desktop', viewport: { width: 1280, height: 800 }, hasTouch: false },
  { size: 'a phone', viewport: { width: 390, height: 844 }, hasTouch: true },
]) {
  test.describe(`a toast on ${size}`, () => {
    test.use({ viewport, hasTouch })

    test('"Address copied" shows above the open dialog and is announced from inside it', async ({
      page,
      stack,
      wallet,
    }) => {
      await openAndPickTestWallet(page, stack.webUrl)
      await expect(page.getByTestId('host-status')).toHaveText('connected')
      const account = await openAccount(page, wallet.account.address)
      await account.getByRole('button', { name: 'Receive' }).click()
      const receive = page.getByRole('dialog', { name: 'Receive' })
      await receive.getByRole('button', { name: 'Copy address' }).click()
      // Part of the dialog's own tree: screen readers hear it while the page behind is inert.
      const toast = receive.getByRole('status').filter({ hasText: 'Address copied' })
      await expect(toast).toBeVisible()
      expect(await toastOnTop(page, toast)).toBe(true)
      await expectAccessible(page, `Receive with its toast on ${size}`)
    })
  })
}
