import { accountAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton, TEST_WALLET_INFO } from '../fixtures/test-wallet'

const connectButton = (page: import('@playwright/test').Page) =>
  page.getByRole('banner').getByRole('button')

test.describe('connecting a browser wallet found over EIP-6963', () => {
  test('connects, and the host app’s own wagmi hooks see the connection', async ({
    page,
    stack,
    wallet,
  }) => {
    await page.goto(stack.webUrl)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()

    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    const row = dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) })
    await expect(row).toBeVisible()
    await expect(row).toContainText('Installed')
    await expect(row.locator('img')).toHaveAttribute('src', TEST_WALLET_INFO.icon)
    await expectAccessible(page, 'Connect')

    await row.click()
    await expect(dialog).toBeHidden()

    const address = wallet.account.address
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-address')).toHaveText(address)
    await expect(page.getByTestId('host-chain')).toHaveText('1')
    const button = accountButton(page, address)
    await expect(button).toContainText(`${address.slice(0, 6)}…${address.slice(-4)}`)
    await expect(button).toContainText(/\d+(\.\d{1,3})? ETH/)
  })

  test('waits for the wallet with the connecting view, then connects', async ({
    page,
    stack,
    wallet,
  }) => {
    const prompt = wallet.holdNextRequest('wallet_requestPermissions', 'eth_requestAccounts')
    await openAndPickTestWallet(page, stack.webUrl)

    const dialog = page.getByRole('dialog', { name: TEST_WALLET_INFO.name })
    await expect(
      dialog.getByRole('progressbar', { name: `Waiting for ${TEST_WALLET_INFO.name}` }),
    ).toBeVisible()
    await expect(dialog).toContainText(`Continue in ${TEST_WALLET_INFO.name}`)
    await expectAccessible(page, 'ConnectingExternal (waiting)')
    await expect(page.getByTestId('host-status')).toHaveText('connecting')

    prompt.release()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
  })

  test('reconnects after a reload without asking the wallet again', async ({
    page,
    stack,
    wallet,
  }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await expect(page.getByTestId('host-status')).toHaveText('connected')

    wallet.requests.length = 0
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(accountButton(page, wallet.account.address)).toBeVisible()
    expect(wallet.requests).not.toContain('eth_requestAccounts')
    expect(wallet.requests).not.toContain('wallet_requestPermissions')
  })

  test('shows the rejection, and Try again connects', async ({ page, stack, wallet }) => {
    wallet.rejectNextConnection()
    await openAndPickTestWallet(page, stack.webUrl)

    const dialog = page.getByRole('dialog', { name: TEST_WALLET_INFO.name })
    await expect(dialog.getByRole('alert')).toHaveText('Connection declined')
    await expectAccessible(page, 'ConnectingExternal (declined)')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
  })

  test('disconnects from the Account view and stays disconnected after a reload', async ({
    page,
    stack,
    wallet,
  }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await accountButton(page, wallet.account.address).click()

    const dialog = await accountAtRest(page)
    // The account's one balance: what its tokens are worth.
    await expect(dialog.getByRole('status', { name: 'Balance' })).toHaveText(/^\$[\d,]+\.\d\d$/)
    await expectAccessible(page, 'Account')
    await dialog.getByRole('button', { name: 'Disconnect' }).click()

    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await expect(connectButton(page)).toHaveText('Connect Wallet')
    await page.reload()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
  })

  test('the whole connect flow works with the keyboard alone', async ({ page, stack }) => {
    await page.goto(stack.webUrl)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    // WalletConnect comes first (the spec's connector order), the installed wallet next.
    const walletConnect = dialog.getByRole('button', { name: /^WalletConnect/ })
    const row = dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) })
    await expect(walletConnect).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(row).toBeFocused()

    // Focus stays inside the dialog: Tab from the last control wraps to the first.
    for (let step = 0; step < 4; step++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      )
    }

    // Escape closes and gives focus back to the button that opened the dialog.
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeFocused()

    await page.keyboard.press('Enter')
    await expect(walletConnect).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(row).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
  })
})
