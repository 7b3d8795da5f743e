import {
  createPublicClient,
  createWalletClient,
  formatEther,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { expect, openAndPickTestWallet, test } from '../fixtures/test'

/** The panel's amounts: ETH, grouped, at most 4 decimals (enough to see a small purchase). */
const shownEth = (wei: bigint) =>
  `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(Number(formatEther(wei)))} ETH`

test.describe('the host app’s own wagmi hooks', () => {
  test.beforeEach(async ({ page, stack }) => {
    await openAndPickTestWallet(page, stack.webUrl)
    await expect(page.getByTestId('host-status')).toHaveText('connected')
  })

  test('signs a message with the connected wallet, and the signature verifies', async ({
    page,
    wallet,
  }) => {
    await page.getByRole('button', { name: 'Sign message' }).click()
    const signature = (await page.getByTestId('host-signature').textContent()) as `0x${string}`
    expect(
      await verifyMessage({
        address: wallet.account.address,
        message: 'Hello from the host app',
        signature,
      }),
    ).toBe(true)
  })

  test('shows the balance in ETH, and again once coins arrive from elsewhere', async ({
    page,
    stack,
    wallet,
  }) => {
    const client = createPublicClient({ transport: http(stack.rpcUrls[1]) })
    const me = wallet.account.address
    const before = await client.getBalance({ address: me })
    await expect(page.getByTestId('host-balance')).toHaveText(shownEth(before))

    // Paid from an account the page knows nothing of, as the server's treasury pays a purchase.
    const payer = createWalletClient({
      account: privateKeyToAccount(stack.devKeys[5] as `0x${string}`),
      transport: http(stack.rpcUrls[1]),
    })
    const hash = await payer.sendTransaction({ to: me, value: parseEther('1.25'), chain: null })
    await client.waitForTransactionReceipt({ hash })
    await expect(page.getByTestId('host-balance')).toHaveText(shownEth(before + parseEther('1.25')))
  })

  test('sends 0.01 ETH on the local chain', async ({ page, stack }) => {
    const client = createPublicClient({ transport: http(stack.rpcUrls[1]) })
    const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await client.getBalance({ address: receiver })

    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await expect(page.getByTestId('host-receipt')).toContainText('Confirmed in block')
    expect(await client.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))
  })
})
