// Activity as a first-time visitor meets it (issue 18): a failed transaction is marked as such,
// in the row's text and its accessible name, and the devnet's chains (anvil: their transactions
// exist nowhere public) link no explorer.

import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { DEVNET_CONTRACTS } from '../../packages/devnet/src/addresses'
import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result as T
}

test('a failed transaction says Failed, and a local chain links no explorer', async ({
  page,
  stack,
  wallet,
}) => {
  const me = wallet.account.address
  const url = stack.rpcUrls[1] as string
  // 0.01 ETH into USDC's non-payable transfer, with the gas given so the node mines it: it
  // reverts. (The indexer records a failed transaction that carried value.)
  const hash = await rpc<Hex>(url, 'eth_sendTransaction', [
    {
      from: me,
      to: DEVNET_CONTRACTS.usdc,
      gas: '0x30000',
      value: '0x2386f26fc10000',
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [(wallet.accounts[1] as { address: Hex }).address, 10n ** 30n],
      }),
    },
  ])
  // anvil answers with the hash before the block is stored: on a loaded machine the receipt is
  // null for a moment.
  await expect
    .poll(
      async () =>
        (await rpc<{ status: Hex } | null>(url, 'eth_getTransactionReceipt', [hash]))?.status,
    )
    .toBe('0x0')

  await openAndPickTestWallet(page, stack.webUrl)
  const dialog = await openAccount(page, me)
  const activity = dialog.getByRole('tab', { name: 'Activity' })
  const failed = dialog.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'Failed' })
  // The indexer follows the chain once a second: the tab asks again each time it opens.
  await expect(async () => {
    await dialog.getByRole('tab', { name: 'Tokens' }).click()
    await activity.click()
    await expect(failed.first()).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  await expect(failed.first()).toContainText(/· Failed/)
  await expect(dialog.getByRole('tabpanel').getByRole('link')).toHaveCount(0)
  await expectAccessible(page, 'Account, Activity with a failed transaction')
})
