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

  test.describe('a wallet that does not know the chain and refuses to add it', () => {
    test.use({ walletOptions: { knownChainIds: [1] } })

    test('says the wallet is asked, then that the switch was declined, and tries again', async ({
      page,
      stack,
      wallet,
    }) => {
      await openAndPickTestWallet(page, stack.webUrl)
      await openAccount(page, wallet.account.address)
      await page.getByRole('button', { name: /Network: Ethereum/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Choose Network' })

      // The wallet's prompt stays open until released; then it answers 4902 and refuses the add.
      const prompt = wallet.holdNextRequest('wallet_switchEthereumChain')
      wallet.rejectNextRequest('wallet_addEthereumChain')
      await dialog.getByRole('button', { name: /Base/ }).click()
      await expect(dialog.getByRole('status')).toHaveText(
        'Switching to Base… approve in your wallet.',
      )
      await expectAccessible(page, 'Networks while the wallet is asked')
      prompt.release()

      const alert = dialog.getByRole('alert')
      await expect(alert).toContainText('Could not switch to Base')
      await expect(alert).toContainText(
        'The switch to Base was declined in your wallet. You are still on Ethereum.',
      )
      await expect(dialog.getByRole('status')).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: /^Ethereum/ })).toHaveAttribute(
        'aria-current',
        'true',
      )
      expect(wallet.requests.filter((method) => method.startsWith('wallet_'))).toEqual(
        expect.arrayContaining(['wallet_switchEthereumChain', 'wallet_addEthereumChain']),
      )
      await expect(page.getByTestId('host-chain')).toHaveText('1')
      await expectAccessible(page, 'Networks after a refused switch')

      // This time the visitor approves the add, and the wallet moves to Base.
      await dialog.getByRole('button', { name: 'Try again' }).click()
      await expect(page.getByTestId('host-chain')).toHaveText('8453')
      await expect(page.getByRole('button', { name: /Network: Base/ })).toBeVisible()
    })
  })

  test.describe('a wallet that does not know the chain and cannot add one', () => {
    test.use({
      walletOptions: { knownChainIds: [1], unsupportedMethods: ['wallet_addEthereumChain'] },
    })

    test('says the wallet lacks Base, and stays on Ethereum', async ({ page, stack, wallet }) => {
      await openAndPickTestWallet(page, stack.webUrl)
      await openAccount(page, wallet.account.address)
      await page.getByRole('button', { name: /Network: Ethereum/ }).click()
      const dialog = page.getByRole('dialog', { name: 'Choose Network' })
      await dialog.getByRole('button', { name: /Base/ }).click()

      const alert = dialog.getByRole('alert')
      await expect(alert).toContainText('Could not switch to Base')
      await expect(alert).toContainText(
        'Your wallet does not have Base and could not add it. You are still on Ethereum.',
      )
      await expectAccessible(page, 'Networks after a wallet could not add the network')

      await dialog.getByRole('button', { name: 'Stay on Ethereum' }).click()
      await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
      await expect(page.getByRole('button', { name: /Network: Ethereum/ })).toBeVisible()
      await expect(page.getByTestId('host-chain')).toHaveText('1')
      expect(wallet.chainId).toBe(1)
    })
  })

  test.describe('a wallet on a chain the app did not request', () => {
    test.use({ walletOptions: { chainId: 137, knownChainIds: [1, 8453, 137] } })

    test('shows UnsupportedChain, cannot go back, and switching fixes it', async ({
      page,
      stack,
      wallet,
    }) => {
      await openAndPickTestWallet(page, stack.webUrl)

      const dialog = page.getByRole('dialog', { name: 'Switch Network' })
      await expect(dialog).toBeVisible()
      await expect(dialog).toContainText('doesn’t support your current network')
      await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0)
      await expect(page.getByRole('button', { name: /Wrong network/ })).toBeVisible()
      await expectAccessible(page, 'UnsupportedChain')

      // Declined first: said in place; the network it sits on is the one to leave, so the way
      // out is another try (or Disconnect), not staying.
      wallet.rejectNextRequest('wallet_switchEthereumChain')
      await dialog.getByRole('button', { name: /Ethereum/ }).click()
      const alert = dialog.getByRole('alert')
      await expect(alert).toContainText('Could not switch to Ethereum')
      // Nothing about where the wallet stays: a network this app does not offer.
      await expect(alert).toContainText(/The switch to Ethereum was declined in your wallet\.$/)
      await expect(dialog.getByRole('button', { name: /^Stay on/ })).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
      await expectAccessible(page, 'UnsupportedChain after a declined switch')

      await dialog.getByRole('button', { name: 'Try again' }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('host-chain')).toHaveText('1')
      await expect(page.getByRole('button', { name: /Wrong network/ })).toHaveCount(0)
    })
  })
})
