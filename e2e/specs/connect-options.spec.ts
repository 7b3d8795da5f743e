// The host's Connect options in Chromium: the legal checkbox, collapsed wallets, and a feature
// turned off, each on the demo app as a host would set it (apps/web/src/page-features.ts).

import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, test } from '../fixtures/test'
import { TEST_WALLET_INFO } from '../fixtures/test-wallet'

const wallet = new RegExp(TEST_WALLET_INFO.name)

test('the legal checkbox holds every way to connect until ticked, and is remembered', async ({
  page,
  stack,
}) => {
  await page.goto(`${stack.webUrl}/?features=legalCheckbox`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const agree = page.getByRole('checkbox', {
    name: 'I agree to the Terms of Service and Privacy Policy',
  })
  await expect(agree).not.toBeChecked()
  const ways = page.getByRole('group', { name: 'Ways to connect' })
  await expect(ways.getByRole('button', { name: wallet })).toBeDisabled()
  await expect(ways.getByRole('button', { name: /All wallets/ })).toBeDisabled()
  await expect(ways.getByLabel('E-mail')).toBeDisabled()
  await expect(ways.getByRole('button', { name: 'Continue with Google' })).toBeDisabled()
  await expectAccessible(page, 'Connect with the legal checkbox unticked')

  // The terms open on the host's own page, in a new tab, without ticking the box.
  const [terms] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Terms of Service' }).click(),
  ])
  await expect(terms.getByRole('heading', { name: 'Terms of Service' })).toBeVisible()
  await terms.close()
  await expect(agree).not.toBeChecked()

  await agree.check()
  await expect(ways.getByLabel('E-mail')).toBeEnabled()
  await expect(ways.getByRole('button', { name: wallet })).toBeEnabled()

  // Next visit: already agreed, and the wallet connects.
  await page.reload()
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(agree).toBeChecked()
  await page.getByRole('button', { name: wallet }).click()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
})

test('collapsed wallets wait behind one row after the e-mail and social logins', async ({
  page,
  stack,
}) => {
  await page.goto(`${stack.webUrl}/?features=collapseWallets`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const wallets = page.getByRole('list', { name: 'Wallets' })
  await expect(wallets.getByRole('button')).toHaveCount(1)
  const entry = wallets.getByRole('button', { name: /Continue with a wallet/ })
  await expect(page.getByLabel('E-mail')).toBeVisible()
  await expectAccessible(page, 'Connect with the wallets collapsed')

  await entry.press('Enter')
  await expect(wallets.getByRole('button', { name: wallet })).toBeVisible()
  // The keyboard goes on from the first wallet row.
  await expect(wallets.getByRole('button').first()).toBeFocused()
  await wallets.getByRole('button', { name: wallet }).click()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
})

test('a feature turned off is gone from Account', async ({ page, stack, wallet: testWallet }) => {
  await page.goto(`${stack.webUrl}/?features=-send,-history`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: wallet }).click()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  await openAccount(page, testWallet.account.address)
  const actions = page.getByRole('group', { name: 'Wallet actions' })
  await expect(actions.getByRole('button', { name: 'Receive' })).toBeVisible()
  await expect(actions.getByRole('button', { name: 'Send' })).toHaveCount(0)
  await expect(page.getByRole('tab')).toHaveText(['Tokens', 'NFTs'])
})
