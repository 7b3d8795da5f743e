// A Solana wallet found over wallet-standard, in Chromium against the stack's local Solana chain:
// the test-kit's wallet (a dev account's real ed25519 key) injected as an extension injects
// itself. Connect, the SOL and USDC balances from our server, the session after a reload, and
// SOL and USDC sent from the modal's Send view, read back from the chain.
import type { Page } from '@playwright/test'
import { solanaDevAccounts } from '@portico/devnet/solana'
import { address, createSolanaRpc, generateKeyPairSigner } from '@solana/kit'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { openAccount } from '../fixtures/account-dialog'
import { accountAtRest } from '../fixtures/dialog-at-rest'
import { injectSolanaWallet, SOLANA_WALLET_NAME } from '../fixtures/solana-wallet'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton, TEST_WALLET_INFO } from '../fixtures/test-wallet'

/** A token holder (dev accounts 0-4 hold USDC) no other spec sends from: its seeded balances. */
const SOLANA_ACCOUNT = 4
/** The holder the send tests spend from, so the balances above stay as seeded. */
const SENDING_ACCOUNT = 3

function localChain() {
  const rpcUrl = process.env.PORTICO_SOLANA_RPC_URL
  if (!rpcUrl) throw new Error('The e2e stack has no local Solana chain')
  return createSolanaRpc(rpcUrl)
}

/** Connects the injected Solana wallet from the Connect view and opens Send from Account. */
async function openSolanaSend(page: Page, webUrl: string) {
  const user = await injectSolanaWallet(page, SENDING_ACCOUNT)
  await page.goto(webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
  await connect.getByRole('button', { name: new RegExp(SOLANA_WALLET_NAME) }).click()
  await expect(connect).toBeHidden()
  await expect(accountButton(page, user.address)).toContainText('SOL')
  const account = await openAccount(page, user.address)
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByText('On Solana')).toBeVisible()
  return { user, send }
}

const tokenRow = (dialog: import('@playwright/test').Locator, name: string) =>
  dialog.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: name })

test.describe('a Solana wallet over wallet-standard', () => {
  test('connects from the Connect view, shows SOL and USDC, and is still connected after a reload', async ({
    page,
    stack,
  }) => {
    const user = await injectSolanaWallet(page, SOLANA_ACCOUNT)
    // Nothing the modal asks of our server for a Solana account is refused (names, say, are
    // EVM-only and are not asked).
    const refused: string[] = []
    page.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`)
    })
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
    expect(refused).toEqual([])
    await page.keyboard.press('Escape')

    // The next load: the wallet is asked silently and the account is back, with no prompt.
    await page.reload()
    await expect(accountButton(page, user.address)).toContainText(/SOL/)
    expect(user.prompts).toEqual(['standard:connect'])
  })
})

test.describe('Send from a Solana account', () => {
  test('sends 0.1 SOL: a malformed receiver refused, the fee in SOL, the signature on Transaction Sent', async ({
    page,
    stack,
  }) => {
    const { user, send } = await openSolanaSend(page, stack.webUrl)
    await expect(send.getByLabel('Token').locator('option:checked')).toHaveText(/^SOL \(/)
    await send.getByLabel('Amount').fill('0.1')
    const field = send.getByLabel('Receiver address')
    // An EVM address is no Solana address: refused on the field, in words, before any preview.
    await field.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    const problem =
      'Invalid Solana address: it is not base58 (0, O, I and l are not base58 characters)'
    await expect(send.getByRole('status')).toHaveText(problem)
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
    await expectAccessible(page, 'Solana send, malformed receiver')

    const receiver = (await generateKeyPairSigner()).address
    await field.fill(receiver)
    await expect(send.getByRole('status')).toHaveText('')
    await send.getByRole('button', { name: 'Preview send' }).click()
    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await expect(preview).toContainText(/Network\s*Solana/)
    // 5,000 lamports: below the 3 decimals amounts are shown with.
    await expect(preview).toContainText(/Network fee\s*<0\.001 SOL/)
    await expect(preview).not.toContainText('rent')
    await expectAccessible(page, 'Solana Send Preview')
    await preview.getByRole('button', { name: 'Send', exact: true }).click()

    const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
    await expect(sent.getByRole('status')).toHaveText('Sent 0.1 SOL on Solana')
    // The wallet signed through wallet-standard; the signature is base58 (64 bytes).
    expect(user.prompts).toContain('solana:signTransaction')
    await expect(sent.getByText(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)).toBeVisible()
    // The local chain has no public explorer: nothing is linked.
    await expect(sent.getByRole('link')).toHaveCount(0)
    expect((await localChain().getBalance(receiver).send()).value).toBe(100_000_000n)
    await sent.getByRole('button', { name: 'Back', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  })

  test('sends 5 USDC to an address without a token account: its rent shown, then back to Account', async ({
    page,
    stack,
  }) => {
    const { send } = await openSolanaSend(page, stack.webUrl)
    const usdc = send.getByLabel('Token').locator('option', { hasText: /^USDC/ })
    await send.getByLabel('Token').selectOption({ label: (await usdc.textContent()) ?? '' })
    await send.getByLabel('Amount').fill('5')
    const receiver = (await generateKeyPairSigner()).address
    await send.getByLabel('Receiver address').fill(receiver)
    await send.getByRole('button', { name: 'Preview send' }).click()
    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await expect(preview).toContainText(/Send\s*5 USDC/)
    // 2,039,280 lamports for the receiver's new token account, paid by the sender.
    await expect(preview).toContainText(/Token account rent\s*0\.002 SOL/)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()

    // The flow goes back to Account once the chain has confirmed the transfer.
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    const [tokenAccount] = await findAssociatedTokenPda({
      owner: address(receiver),
      mint: address(solanaDevAccounts().usdc.mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { value } = await localChain()
      .getAccountInfo(tokenAccount, { encoding: 'jsonParsed' })
      .send()
    const data = value?.data as { parsed?: { info?: { tokenAmount?: { amount: string } } } }
    expect(data?.parsed?.info?.tokenAmount?.amount).toBe('5000000')
  })
})

test.describe('Solana in the network list', () => {
  /** Connects the EIP-6963 test wallet and opens the network list from Account. */
  async function openNetworks(page: Page, webUrl: string, evmAddress: string) {
    await openAndPickTestWallet(page, webUrl)
    await openAccount(page, evmAddress)
    await page.getByRole('button', { name: /Network: Ethereum/ }).click()
    const networks = page.getByRole('dialog', { name: 'Choose Network' })
    await expect(networks.getByRole('button', { name: /Ethereum/ })).toHaveAttribute(
      'aria-current',
      'true',
    )
    return networks
  }

  test('says plainly that an EVM-only wallet has no Solana account, and stays on Ethereum', async ({
    page,
    stack,
    wallet,
  }) => {
    const networks = await openNetworks(page, stack.webUrl, wallet.account.address)
    await networks.getByRole('button', { name: /Solana/ }).click()
    const alert = networks.getByRole('alert')
    await expect(alert).toContainText('Could not switch to Solana')
    await expect(alert).toContainText(
      `${TEST_WALLET_INFO.name} has no account on Solana. You are still on Ethereum.`,
    )
    await expectAccessible(page, 'Networks, no Solana account')
    await networks.getByRole('button', { name: 'Stay on Ethereum' }).click()
    await expect(page.getByRole('button', { name: /Network: Ethereum/ })).toBeVisible()
  })

  test('connects the Solana side of a wallet installed for both and makes Solana the active network, whose Activity tab says it is EVM only', async ({
    page,
    stack,
    wallet,
  }) => {
    // The same extension, registered over EIP-6963 and wallet-standard under one name.
    const user = await injectSolanaWallet(page, SENDING_ACCOUNT, TEST_WALLET_INFO.name)
    const networks = await openNetworks(page, stack.webUrl, wallet.account.address)
    expect(user.prompts).toEqual([])
    await networks.getByRole('button', { name: /Solana/ }).click()

    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Network: Solana/ })).toBeVisible()
    expect(user.prompts).toEqual(['standard:connect'])
    await expect(accountButton(page, user.address)).toContainText('SOL')
    // Activity is read for EVM accounts only: the tab says so in one line.
    const account = await accountAtRest(page)
    await account.getByRole('tab', { name: 'Activity' }).click()
    await expect(account.getByRole('tabpanel')).toHaveText(
      'Activity is shown for EVM accounts only.',
    )
    // Back to Ethereum: the EVM side was connected all along.
    await page.getByRole('button', { name: /Network: Solana/ }).click()
    await page
      .getByRole('dialog', { name: 'Choose Network' })
      .getByRole('button', { name: /Ethereum/ })
      .click()
    await expect(page.getByRole('button', { name: /Network: Ethereum/ })).toBeVisible()
    await expect(accountButton(page, wallet.account.address)).toContainText('ETH')
  })
})
