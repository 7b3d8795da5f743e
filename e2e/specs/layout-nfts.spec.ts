// The Account view's NFT grid: it fits inside its panel at desktop and phone sizes, and a
// collection without an image shows its monogram and name rather than a blank tile.

import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`the NFT grid at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport })
    test('fits inside its panel and shows a monogram where a collection has no image', async ({
      page,
      stack,
      wallet,
    }) => {
      await openAndPickTestWallet(page, stack.webUrl)
      const dialog = await openAccount(page, wallet.account.address)
      await dialog.getByRole('tab', { name: 'NFTs' }).click()
      const grid = dialog.getByRole('list', { name: 'NFTs' })
      await expect(grid.getByRole('listitem')).toHaveCount(4)
      const edges = await grid.evaluate((element) => {
        const panel = element.closest('[role="tabpanel"]') as HTMLElement
        const dialog = element.closest('dialog') as HTMLElement
        return {
          gridRight: Math.max(
            element.getBoundingClientRect().right,
            ...[...element.children].map((item) => item.getBoundingClientRect().right),
          ),
          panelRight: panel.getBoundingClientRect().right,
          panelScroll: panel.scrollWidth,
          panelClient: panel.clientWidth,
          dialogRight: dialog.getBoundingClientRect().right,
        }
      })
      expect(edges.gridRight).toBeLessThanOrEqual(edges.panelRight + 0.5)
      // Nothing inside the panel scrolls sideways, and the panel ends inside the dialog.
      expect(edges.panelScroll).toBeLessThanOrEqual(edges.panelClient)
      expect(edges.panelRight).toBeLessThanOrEqual(edges.dialogRight)
      // The badges have no image: their tiles show the collection's monogram and name.
      const badge = grid.getByRole('img', { name: /^Portico Badge/ }).first()
      await expect(badge).toContainText('PB')
      await expect(badge).toContainText('Portico Badges')
      await expectAccessible(page, `Account, NFTs at ${viewport.width}x${viewport.height}`)
    })
  })
}
