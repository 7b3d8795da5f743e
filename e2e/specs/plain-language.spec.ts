// Approvals and results in plain language (issue 38): a swap through the embedded wallet is
// approved on a confirm that says what happens in words (the amounts, the router by name, the
// network by name, the fee in ETH and USD), with the calldata only behind Details, and ends on
// its own result view; Activity names who a transfer went to and came from.
import { createPublicClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { logInFundedAccount, openAccount } from '../fixtures/account-dialog'
import { accountAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import { confirmReady, dialog, frame } from '../fixtures/email-login'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

test.describe('plain language', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a swap through the embedded wallet is approved in plain words and ends on its result', async ({
    page,
    stack,
  }) => {
    const { account } = await logInFundedAccount(page, stack, 'swapper')
    await account.getByRole('button', { name: 'Swap', exact: true }).click()
    const swap = page.getByRole('dialog', { name: 'Swap' })
    await dialogAtRest(page)
    await swap.getByRole('button', { name: 'Token to receive: none. Change' }).click()
    await page
      .getByRole('dialog', { name: 'Select Token' })
      .getByRole('button', { name: /^USDC\b/ })
      .click()
    await dialogAtRest(page)
    await swap.getByLabel('Amount to pay').fill('0.005')
    await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled()
    await dialogAtRest(page)
    await swap.getByRole('button', { name: 'Review swap' }).click()
    const preview = page.getByRole('dialog', { name: 'Swap Preview' })
    await expect(preview.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled()
    await dialogAtRest(page)
    await preview.getByRole('button', { name: 'Swap', exact: true }).click()

    // The modal says what to look at in words; the frame says what happens.
    await expect(
      dialog(page).getByText('Review the transaction in your wallet below.'),
    ).toBeVisible()
    await confirmReady(page)
    const confirm = frame(page)
    await expect(
      confirm.getByRole('heading', {
        name: /^Swap 0\.005 ETH for at least \d+(\.\d+)? USDC on Ethereum$/,
      }),
    ).toBeVisible()
    const facts = confirm.getByRole('dialog')
    await expect(facts).toContainText('Uniswap V2 router (0xb19b…f431)')
    await expect(facts).toContainText('Ethereum')
    await expect(facts).toContainText(/Network fee\s*about 0\.\d+ ETH \((\$\d+\.\d\d|<\$0\.01)\)/)
    await expect(facts).not.toContainText('eip155:1')
    // Nothing to warn about: a known router, paying this wallet.
    await expect(confirm.getByRole('list', { name: 'Warnings' })).toHaveCount(0)
    // The calldata only behind Details.
    const calldata = confirm.getByText(/^0x7ff36ab5[0-9a-f]+$/)
    await expect(calldata).toBeHidden()
    await expectAccessible(page, 'the swap approval in the embedded wallet')
    await confirm.getByText('Details', { exact: true }).click()
    await expect(calldata).toBeVisible()

    await confirmReady(page)
    await confirm.getByRole('button', { name: 'Approve' }).click()
    const complete = page.getByRole('dialog', { name: 'Swap Complete' })
    await expect(complete.getByRole('status')).toHaveText(
      /^Swapped 0\.005 ETH for [\d,.]+ USDC on Ethereum$/,
      { timeout: 30_000 },
    )
    await expect(complete.getByText(/^0x[0-9a-f]{64}$/)).toBeVisible()
    await expect(complete.getByRole('button', { name: 'Copy hash' })).toBeVisible()
    await expectAccessible(page, 'Swap Complete after the embedded wallet')
    await complete.getByRole('button', { name: 'Back to account' }).click()
    await accountAtRest(page)
  })

  test('Activity names who a transfer went to, and who it came from', async ({
    page,
    stack,
    wallet,
  }) => {
    const me = wallet.account.address
    const friendAccount = privateKeyToAccount(stack.devKeys[1] as Hex)
    const friend = friendAccount.address
    const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
    const transport = http(stack.rpcUrls[1])
    const chain = createPublicClient({ transport })
    // 0.01 ETH to the friend, then 0.02 ETH back.
    for (const [from, to, value] of [
      [wallet.account, friend, '0.01'],
      [friendAccount, me, '0.02'],
    ] as const) {
      const client = createWalletClient({ account: from, chain: mainnet, transport })
      const hash = await client.sendTransaction({ to, value: parseEther(value) })
      await chain.waitForTransactionReceipt({ hash })
    }

    await openAndPickTestWallet(page, stack.webUrl)
    const account = await openAccount(page, me)
    const rows = account.getByRole('tabpanel').getByRole('listitem')
    const sent = rows.filter({ hasText: `to ${short(friend)}` }).filter({ hasText: '0.010 ETH' })
    const received = rows
      .filter({ hasText: `from ${short(friend)}` })
      .filter({ hasText: '0.020 ETH' })
    // The indexer follows the chain once a second: the tab asks again each time it opens.
    await expect(async () => {
      await account.getByRole('tab', { name: 'Tokens' }).click()
      await account.getByRole('tab', { name: 'Activity' }).click()
      await expect(received.first()).toBeVisible({ timeout: 2000 })
    }).toPass({ timeout: 20_000 })
    await expect(sent.first()).toContainText(/^Sent/)
    await expect(received.first()).toContainText(/^Received/)
    await expectAccessible(page, 'Account, Activity with counterparties')
  })
})
