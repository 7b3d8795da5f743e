// Sign in with the wallet (SIWX) on the host page opened with ?siwx=required|optional: the
// default sign-in on our server, the injected test wallet signing with real keys.
import type { Page } from '@playwright/test'
import { getAddress } from 'viem'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'
import { approveInWalletApp, openWalletApp, pairWalletApp } from '../fixtures/wallet-app'

const signInPage = (webUrl: string, mode: 'required' | 'optional') =>
  new URL(`/?siwx=${mode}`, webUrl).href

const signInDialog = (page: Page) => page.getByRole('dialog', { name: 'Sign In' })

async function connectAndWaitForSignIn(page: Page, url: string) {
  await openAndPickTestWallet(page, url)
  await expect(signInDialog(page)).toBeVisible()
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  await dialogAtRest(page)
}

async function sign(page: Page) {
  await dialogAtRest(page)
  await signInDialog(page).getByRole('button', { name: 'Sign' }).click()
  await expect(signInDialog(page)).toBeHidden()
  await expect(page.getByTestId('host-siwx-status')).toHaveText('yes')
}

test.describe('sign in with the wallet', () => {
  test('asks to sign after connecting; a reload keeps the session without a new prompt', async ({
    page,
    stack,
    wallet,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'required'))
    const dialog = signInDialog(page)
    await expect(dialog).toContainText('Portico needs to connect to your wallet')
    await expect(dialog).toContainText('Portico Test Wallet')
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible()
    await expect(page.getByTestId('host-siwx-status')).toHaveText('no (unauthenticated)')
    await expectAccessible(page, 'SIWXSignMessage')

    await sign(page)
    expect(wallet.requests.filter((method) => method === 'personal_sign')).toHaveLength(1)
    const address = wallet.account.address
    await expect(page.getByTestId('host-siwx-account')).toHaveText(`eip155:1:${address}`)

    wallet.requests.length = 0
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    // The session was found on the server: signed in again, and nothing was asked.
    await expect(page.getByTestId('host-siwx-status')).toHaveText('yes')
    await expect(signInDialog(page)).toBeHidden()
    expect(wallet.requests).not.toContain('personal_sign')
    await expect(accountButton(page, address)).toBeVisible()
  })

  test('asks again for an account with no session, and not for one that signed in before', async ({
    page,
    stack,
    wallet,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'required'))
    await sign(page)
    const first = wallet.account.address

    await wallet.switchAccountExternally(1)
    const second = wallet.account.address
    expect(second).not.toBe(first)
    await expect(signInDialog(page)).toBeVisible()
    await expect(page.getByTestId('host-siwx-status')).not.toHaveText('yes')
    await sign(page)
    await expect(page.getByTestId('host-siwx-account')).toHaveText(`eip155:1:${second}`)

    // Back to the first account: it signed in on this browser, nothing is asked.
    wallet.requests.length = 0
    await wallet.switchAccountExternally(0)
    await expect(page.getByTestId('host-siwx-account')).toHaveText(`eip155:1:${first}`)
    await expect(page.getByTestId('host-siwx-status')).toHaveText('yes')
    await expect(signInDialog(page)).toBeHidden()
    expect(wallet.requests).not.toContain('personal_sign')
  })

  test('cannot be closed while sign-in is required; Cancel disconnects the wallet', async ({
    page,
    stack,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'required'))
    const dialog = signInDialog(page)
    await page.keyboard.press('Escape')
    // No close button is offered while it could not close (Cancel is the way out).
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await page.mouse.click(5, 5)
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Cancelling will disconnect you')

    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
    // The modal starts over at Connect.
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  })

  test('when sign-in is optional, Cancel closes the modal and the wallet stays connected', async ({
    page,
    stack,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'optional'))
    await signInDialog(page).getByRole('button', { name: 'Cancel' }).click()
    await expect(signInDialog(page)).toBeHidden()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-siwx-status')).toHaveText('no (unauthenticated)')

    // The host can ask again later.
    await page.getByRole('button', { name: 'Sign in' }).click()
    await sign(page)
  })

  test("shows 'Signature declined' when the wallet refuses; signing again works", async ({
    page,
    stack,
    wallet,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'required'))
    wallet.rejectNextRequest('personal_sign')
    const dialog = signInDialog(page)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Signature declined')
    await expect(page.getByTestId('host-siwx-status')).toHaveText('no (unauthenticated)')
    await expectAccessible(page, 'SIWXSignMessage (declined)')

    await sign(page)
  })

  test('a message that has already expired is refused by the server, and the modal says so', async ({
    page,
    stack,
  }) => {
    await connectAndWaitForSignIn(page, signInPage(stack.webUrl, 'required'))
    // The page's clock is two days behind: the message it writes expired a day ago.
    await page.clock.setSystemTime(Date.now() - 2 * 24 * 60 * 60_000)
    const dialog = signInDialog(page)
    await dialog.getByRole('button', { name: 'Sign' }).click()
    const alert = dialog.getByRole('alert')
    await expect(alert).toContainText('Signature declined')
    await expect(alert).toContainText('The message has expired')
    await expect(page.getByTestId('host-siwx-status')).not.toHaveText('yes')

    // With the clock right again, signing in works.
    await page.clock.setSystemTime(Date.now())
    await sign(page)
  })

  test('over WalletConnect, the wallet signs in with the connection: no second prompt', async ({
    page,
    context,
    stack,
  }) => {
    // One-click sign-in is offered only when every network is EVM: the demo without Solana.
    await page.goto(`${signInPage(stack.webUrl, 'required')}&solana=off`)
    await page.getByRole('button', { name: 'Connect Wallet' }).click()
    await page
      .getByRole('dialog', { name: 'Connect Wallet' })
      .getByRole('button', { name: /^WalletConnect/ })
      .click()
    const link = page.getByRole('dialog').getByRole('textbox', { name: 'WalletConnect link' })
    await expect(link).toHaveValue(/^wc:/)
    const uri = await link.inputValue()

    const walletPage = await context.newPage()
    await openWalletApp(walletPage, stack.walletUrl)
    const request = await pairWalletApp(walletPage, uri, 'Sign-in request')
    await expect(request).toContainText('localhost')
    await approveInWalletApp(walletPage, 'Sign-in request')

    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-siwx-status')).toHaveText('yes')
    await expect(page.getByRole('dialog')).toBeHidden()
    const address = getAddress((await page.getByTestId('host-address').textContent()) ?? '')
    await expect(page.getByTestId('host-siwx-account')).toHaveText(`eip155:1:${address}`)

    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected')
    await expect(page.getByTestId('host-siwx-status')).toHaveText('yes')
    await expect(signInDialog(page)).toBeHidden()
  })
})
