// After a reload, the stored session comes back with its balance on the connect button, before
// the modal is ever opened (issue 18: the balance waited for the modal).
import { expect, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

test('a reload shows the address and the balance on the button without opening the modal', async ({
  page,
  stack,
  wallet,
}) => {
  await openAndPickTestWallet(page, stack.webUrl)
  const button = accountButton(page, wallet.account.address)
  await expect(button).toContainText(/\d ETH$/)

  await page.reload()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  await expect(button).toContainText(/\d ETH$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
