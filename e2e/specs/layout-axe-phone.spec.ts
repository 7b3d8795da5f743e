// Every modal view the other specs check only at the default size, checked by axe on a phone
// (390x844, touch): the ones layout-phone.spec.ts and the WalletConnect deep-link spec already
// check there (Connect, Account's NFTs, ConnectingWalletConnect) are not repeated.

import { accountAtRest, connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

test('the views a visitor meets before connecting pass axe at 390x844', async ({ page, stack }) => {
  await page.goto(`${stack.webUrl}?siwx=required`)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = await connectAtRest(page)
  // The WalletConnect row's logo is served and decoded, not a letter.
  const logo = connect.getByRole('button', { name: /^WalletConnect/ }).locator('img')
  await expect
    .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0)

  await connect.getByRole('button', { name: 'What is a wallet?' }).click()
  const whatIs = page.getByRole('dialog', { name: 'What Is a Wallet?' })
  await expect(whatIs.getByRole('button', { name: 'Get a wallet' })).toBeVisible()
  await expectAccessible(page, 'WhatIsAWallet at 390x844')
  await whatIs.getByRole('button', { name: 'Get a wallet' }).click()
  const getWallet = page.getByRole('dialog', { name: 'Get a Wallet' })
  await expect(getWallet.getByRole('list', { name: 'Wallets to get' })).toBeVisible()
  await expectAccessible(page, 'GetAWallet at 390x844')
  await page.getByRole('button', { name: 'Back', exact: true }).click()
  await page.getByRole('button', { name: 'Back', exact: true }).click()

  await connectAtRest(page)
  await connect.getByRole('button', { name: /^All wallets/ }).click()
  const all = page.getByRole('dialog', { name: 'All Wallets' })
  await expect(all.getByRole('list', { name: 'All wallets' }).getByRole('button')).not.toHaveCount(
    0,
  )
  await expectAccessible(page, 'AllWallets at 390x844')
  await page.getByRole('button', { name: 'Back', exact: true }).click()

  await connect.getByRole('button', { name: /Portico Test Wallet/ }).click()
  await expect(page.getByRole('dialog').getByRole('button', { name: /Sign/ })).toBeVisible()
  await expectAccessible(page, 'SIWXSignMessage at 390x844')
})

test('the views of a connected visitor pass axe at 390x844', async ({ page, stack, wallet }) => {
  await openAndPickTestWallet(page, stack.webUrl)
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await accountButton(page, wallet.account.address).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await expect(account.getByRole('list', { name: 'Tokens' })).toBeVisible()
  await expectAccessible(page, 'Account, Tokens at 390x844')
  await account.getByRole('tab', { name: 'Activity' }).click()
  await expect(account.getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
  await expectAccessible(page, 'Account, Activity at 390x844')
  await account.getByRole('tab', { name: 'Tokens' }).click()

  await accountAtRest(page)
  await account.getByRole('button', { name: /Change network/ }).click()
  await expect(page.getByRole('dialog', { name: /Network/ })).toBeVisible()
  await expectAccessible(page, 'Networks at 390x844')
  await page.getByRole('button', { name: 'Back', exact: true }).click()

  await accountAtRest(page)
  await account.getByRole('button', { name: 'Receive' }).click()
  await expect(page.getByRole('dialog', { name: /Receive/ })).toBeVisible()
  await expectAccessible(page, 'Receive at 390x844')
  await page.getByRole('button', { name: 'Back', exact: true }).click()

  await accountAtRest(page)
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByLabel('Amount')).toBeVisible()
  await expectAccessible(page, 'Send at 390x844')
  await send.getByLabel('Amount').fill('0.01')
  await send
    .getByLabel('Receiver address')
    .fill((wallet.accounts[1] as { address: string }).address)
  await send.getByRole('button', { name: 'Preview send' }).click()
  const preview = page.getByRole('dialog', { name: 'Send Preview' })
  await expect(preview.getByText(/Network fee/)).toBeVisible()
  await expectAccessible(page, 'Send Preview at 390x844')
  await preview.getByRole('button', { name: 'Send', exact: true }).click()
  const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
  await expect(sent.getByRole('status')).toHaveText(/^Sent 0\.01 ETH/)
  await expectAccessible(page, 'Transaction Sent at 390x844')
})
