import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

test.describe('networks', () => {
  test('switches network from the modal', async ({ page, stack, wallet }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await expect(page.getByTestId('host-chain')).toHaveText('1')

    await openAccount(page, wallet.account.address)
    await page.getByRole('button', { name: /Network: Ethereum/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Choose Network' })
    await expect(dialog.getByRole('button', { name: /Ethereum/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expectAccessible(page, 'Networks')

    await dialog.getByRole('button', { name: /Base/ }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Network: Base/ })).toBeVisible()
    await expect(page.getByTestId('host-chain')).toHaveText('8453')
    expect(wallet.chainId).toBe(8453)
  })

  test.describe('a wallet that does not know the chain yet', () => {
    test.use({ walletOptions: { knownChainIds: [1] } })

    test('adds the chain, then switches to it', async ({ page, stack, wallet }) => {
      await openAndPickTestWallet(page, stack.webUrl)
      await openAccount(page, wallet.account.address)
      await page.getByRole('button', { name: /Network: Ethereum/ }).click()
      await page.getByRole('dialog').getByRole('button', { name: /Base/ }).click()

      await expect(page.getByTestId('host-chain')).toHaveText('8453')
      expect(wallet.requests).toContain('wallet_addEthereumChain')
    })
  })

  test.describe('a wallet on a chain the app did not request', () => {
    test.use({ walletOptions: { chainId: 137, knownChainIds: [1, 8453, 137] } })

    test('shows UnsupportedChain, cannot go back, and switching fixes it', async ({
      page,
      stack,
    }) => {
      await openAndPickTestWallet(page, stack.webUrl)

      const dialog = page.getByRole('dialog', { name: 'Switch Network' })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText('doesn’t support your current network')
      await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: /Wrong network/ })).toBeVisible()
      await expectAccessible(page, 'UnsupportedChain')

      await dialog.getByRole('button', { name: /Ethereum/ }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('host-chain')).toHaveText('1')
      await expect(page.getByRole('button', { name: /Wrong network/ })).toHaveCount(0)
    })
  })
})
