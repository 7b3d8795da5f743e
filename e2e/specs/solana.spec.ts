// A Solana wallet found over wallet-standard, in Chromium against the stack's local Solana chain:
// the test-kit's wallet (a dev account's real ed25519 key) injected as an extension injects
// itself. Connect, the SOL and USDC balances from our server, and the session after a reload.
import { accountAtRest } from '../fixtures/dialog-at-rest'
import { injectSolanaWallet, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet'
import { expect, expectAccessible, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

/** A token holder (dev accounts 0-4 hold USDC) no other spec sends from: its seeded balances. */
const SOLANA_ACCOUNT = 4

const tokenRow = (dialog: import('@playwright/test').Locator, name: string) =>
  dialog.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: name })

test.describe('a Solana wallet over wallet-standard', () => {
  test('connects from the Connect view, shows SOL and USDC, and is still connected after a reload', async ({
    page,
    stack,
  }) => {
    const user = await injectSolanaWallet(page, SOLANA_ACCOUNT)
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    const row = connect.getByRole('button', { name: new RegExp(SOLANA_WALLET_NAME) })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Installed')
    // One row for it, beside the EIP-6963 test wallet.
    await expect(connect.getByRole('button', { name: new RegExp(SOLANA_WALLET_NAME) })).toHaveCount(
      1,
    )
    await expectAccessible(page, 'Connect with a Solana wallet listed')

    await row.click()
    await expect(connect).toBeHidden()
    expect(user.prompts).toEqual(['standard:connect'])
    const button = accountButton(page, user.address)
    await expect(button).toContainText(`${user.address.slice(0, 6)}…${user.address.slice(-4)}`)
    await expect(button).toContainText(/[\d,]+(\.\d{1,3})? SOL/)

    await button.click()
    const account = await accountAtRest(page)
    await expect(tokenRow(account, 'SOL')).toContainText('$')
    const usdc = tokenRow(account, 'USDC')
    await expect(usdc).toContainText('10,000')
    await expect(usdc).toContainText('$10,000')
    await expectAccessible(page, 'Account of a Solana wallet')
    await page.keyboard.press('Escape')

    // The next load: the wallet is asked silently and the account is back, with no prompt.
    await page.reload()
    await expect(accountButton(page, user.address)).toContainText(/SOL/)
    expect(user.prompts).toEqual(['standard:connect'])
  })
})
