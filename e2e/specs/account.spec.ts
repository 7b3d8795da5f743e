// The Account view's tabs (Tokens, NFTs, Activity), Receive and Send, against the seeded
// devnet: the injected test wallet is dev account 0 (10,000 USDC, 1,000 PRTC, Explorers #1
// and #2, badges, and the spam collection's airdrop).

import type { Locator, Page } from '@playwright/test'
import { DEV_PROJECT_ID } from '@portico/server'
import { formatEther } from 'viem'
import { connectAndOpenAccount } from '../fixtures/account-dialog'
import { accountAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, type StackInfo, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

/** How the modal shows an amount: the whole part grouped, at most 3 decimals, cut, not rounded. */
function shownAmount(decimal: string): string {
  const [whole = '0', fraction = ''] = decimal.split('.')
  const kept = fraction.slice(0, 3).replace(/0+$/, '')
  const grouped = BigInt(whole).toLocaleString('en-US')
  return kept ? `${grouped}.${kept}` : grouped
}

/** A JSON-RPC request to the devnet's mainnet anvil. */
async function chainRpc<T>(stack: StackInfo, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(stack.rpcUrls[1] as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: T }).result
}

async function ethBalance(stack: StackInfo, address: string): Promise<string> {
  return formatEther(BigInt(await chainRpc<string>(stack, 'eth_getBalance', [address, 'latest'])))
}

/** How the Tokens tab writes a quantity: at most 3 decimals, cut, thousands grouped. */
function shown(numeric: string): string {
  const [whole = '0', fraction = ''] = numeric.split('.')
  const kept = fraction.slice(0, 3).replace(/0+$/, '')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return kept ? `${grouped}.${kept}` : grouped
}

const tokenRow = (dialog: Locator, name: string) =>
  dialog.getByRole('list', { name: 'Tokens' }).getByRole('listitem').filter({ hasText: name })

async function fillSend(
  page: Page,
  token: RegExp,
  amount: string,
  receiver: string,
): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Send' })
  const select = dialog.getByLabel('Token')
  const option = select.locator('option').filter({ hasText: token })
  await expect(option).toHaveCount(1)
  await select.selectOption({ label: (await option.textContent()) as string })
  await dialog.getByLabel('Amount').fill(amount)
  await dialog.getByLabel('Receiver address').fill(receiver)
  return dialog
}

test.describe('the Account view', () => {
  test('lists tokens, sends USDC and ETH, and shows both sends in Activity without spam', async ({
    page,
    stack,
    wallet,
  }) => {
    const me = wallet.account.address
    const receiver = (wallet.accounts[1] as { address: string }).address
    const dialog = await connectAndOpenAccount(page, stack, wallet)

    await expect(dialog.getByRole('tab', { name: 'Tokens' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    const ethBefore = await ethBalance(stack, me)
    await expect(tokenRow(dialog, 'Ether')).toContainText(`${shown(ethBefore)} ETH`)
    await expect(tokenRow(dialog, 'USD Coin')).toContainText('10,000 USDC')
    await expect(tokenRow(dialog, 'USD Coin')).toContainText('$10,000.00')
    await expect(tokenRow(dialog, 'Portico Token')).toContainText('1,000 PRTC')
    // The tokens' worth is the one balance, above the actions; the tab lists each coin.
    await expect(dialog.getByRole('status', { name: 'Balance' })).toHaveText(/^\$[\d,]+\.\d\d$/)
    await expectAccessible(page, 'Account, Tokens')

    // 0.5 USDC to account 1: a fungible token goes back to Account once confirmed.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    let send = await fillSend(page, /^USDC/, '0.5', '0x1234')
    await expect(send.getByRole('status')).toHaveText('Invalid address')
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
    await send.getByLabel('Receiver address').fill('')
    await expect(send.getByRole('status')).toHaveText('An amount and receiver address are required')
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
    await send.getByLabel('Receiver address').fill(receiver)
    await expect(send.getByText(/Network balance: \$/)).toBeVisible()
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeEnabled()
    await expectAccessible(page, 'Send')
    await send.getByRole('button', { name: 'Preview send' }).click()

    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await expect(preview).toContainText('0.5 USDC')
    await expect(preview).toContainText(/Network fee.*ETH/)
    await expectAccessible(page, 'Send Preview')
    await preview.getByRole('button', { name: 'Send', exact: true }).click()

    await expect(dialog).toBeVisible()
    await expect(tokenRow(dialog, 'USD Coin')).toContainText('9,999.5 USDC')
    await accountAtRest(page)

    // 0.01 ETH: a native send's stack has no view; its success view says it went through.
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    send = await fillSend(page, /^ETH/, '0.01', receiver)
    await send.getByRole('button', { name: 'Preview send' }).click()
    await page
      .getByRole('dialog', { name: 'Send Preview' })
      .getByRole('button', { name: 'Send', exact: true })
      .click()
    const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
    await expect(sent.getByRole('status')).toHaveText('Sent 0.01 ETH on Ethereum')
    await dialogAtRest(page)
    await sent.getByRole('button', { name: 'Back to account' }).click()
    const ethAfter = await ethBalance(stack, me)
    expect(Number(ethBefore) - Number(ethAfter)).toBeGreaterThan(0.01)
    await expect(tokenRow(dialog, 'Ether')).toContainText(`${shown(ethAfter)} ETH`)
    await expect(tokenRow(dialog, 'USD Coin')).toContainText('9,999.5 USDC')

    // Activity: both sends on top, newest first; the seeded spam airdrop is not listed.
    const history = (await fetch(
      `${stack.apiUrl}/v1/account/${me}/history?projectId=${DEV_PROJECT_ID}&chainId=eip155:1&limit=50`,
    ).then((response) => response.json())) as {
      data: { transfers: { nft_info?: { name: string; flags: { is_spam: boolean } } }[] }[]
    }
    const spam = history.data
      .flatMap((item) => item.transfers)
      .find((transfer) => transfer.nft_info?.flags.is_spam)
    expect(spam?.nft_info?.name).toMatch(/You won a reward/)

    const activityTab = dialog.getByRole('tab', { name: 'Activity' })
    // The local chains have no public explorer: rows are list items, not links.
    const rows = dialog.getByRole('tabpanel').getByRole('listitem')
    // The indexer follows the chain once a second: the tab asks again each time it opens.
    await expect(async () => {
      await dialog.getByRole('tab', { name: 'Tokens' }).click()
      await activityTab.click()
      await expect(rows.nth(0)).toContainText('0.010 ETH', { timeout: 2000 })
    }).toPass({ timeout: 15_000 })
    await expect(rows.nth(0)).toContainText('Sent')
    await expect(rows.nth(1)).toContainText('Sent')
    await expect(rows.nth(1)).toContainText('0.500 USDC')
    await expect(dialog.getByRole('tabpanel').getByRole('link')).toHaveCount(0)
    // Explorer #3 went from account 0 to account 1: a real NFT transfer is listed.
    await expect(dialog.getByRole('tabpanel')).toContainText('Portico Explorer #3')
    await expect(dialog.getByRole('tabpanel')).not.toContainText('You won a reward')
    await expect(dialog.getByRole('tabpanel').getByRole('heading', { level: 3 })).not.toHaveCount(0)
    await expectAccessible(page, 'Account, Activity')
  })

  test('shows the seeded NFTs, not the spam collection', async ({ page, stack, wallet }) => {
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('tab', { name: 'NFTs' }).click()
    await expect(dialog.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
    const grid = dialog.getByRole('list', { name: 'NFTs' })
    await expect(grid.getByRole('img', { name: 'Portico Explorer #1' })).toBeVisible()
    await expect(grid.getByRole('img', { name: 'Portico Explorer #2' })).toBeVisible()
    await expect(grid.getByRole('img', { name: 'Portico Explorer #1' })).toHaveAttribute(
      'src',
      /^data:image\/svg\+xml/,
    )
    await expect(grid).toContainText('Portico Badge 2 ×5')
    await expect(grid).not.toContainText('You won a reward')
    await expect(grid.getByRole('listitem')).toHaveCount(4)
    await expectAccessible(page, 'Account, NFTs')
  })

  test('keeps the tab in account state while the modal closes and opens', async ({
    page,
    stack,
    wallet,
  }) => {
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('tab', { name: 'Tokens' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(dialog.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByRole('tab', { name: 'NFTs' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await accountButton(page, wallet.account.address).click()
    await expect(dialog.getByRole('tab', { name: 'NFTs' })).toHaveAttribute('aria-selected', 'true')
  })

  test('Receive shows the address as a QR code and the networks it receives on', async ({
    page,
    stack,
    wallet,
  }) => {
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('button', { name: 'Receive' }).click()
    const receive = page.getByRole('dialog', { name: 'Receive' })
    await expect(receive.getByRole('img', { name: 'QR code of your address' })).toBeVisible()
    await expect(receive).toContainText(wallet.account.address)
    const networks = receive.getByRole('list', { name: 'Networks you can receive on' })
    await expect(networks.getByRole('listitem')).toHaveText(['Ethereum', 'Base'])
    await expect(receive.getByRole('button', { name: 'Copy address' })).toBeVisible()
    await expectAccessible(page, 'Receive')
  })

  test('Max on ETH leaves the network fee aside, and the rest is sent', async ({
    page,
    stack,
    wallet,
  }) => {
    const me = wallet.account.address
    const receiver = (wallet.accounts[1] as { address: string }).address
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    const send = await fillSend(page, /^ETH/, '', receiver)
    await send.getByRole('button', { name: 'Max' }).click()

    // The fee Max leaves: 21,000 gas at twice the latest base fee plus priority fee.
    const balance = BigInt(await chainRpc<string>(stack, 'eth_getBalance', [me, 'latest']))
    const block = await chainRpc<{ baseFeePerGas: string }>(stack, 'eth_getBlockByNumber', [
      'latest',
      false,
    ])
    const tip = BigInt(await chainRpc<string>(stack, 'eth_maxPriorityFeePerGas'))
    const reserve = 21_000n * 2n * (BigInt(block.baseFeePerGas) + tip)
    const max = formatEther(balance - reserve)
    await expect(send.getByLabel('Amount')).toHaveValue(max)
    expect(reserve).toBeGreaterThan(0n)
    // Typed up to the whole balance, the fee no longer fits.
    await send.getByLabel('Amount').fill(formatEther(balance))
    await expect(send.getByRole('status')).toHaveText('Insufficient funds')
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
    await send.getByRole('button', { name: 'Max' }).click()
    await expect(send.getByLabel('Amount')).toHaveValue(max)
    await send.getByRole('button', { name: 'Preview send' }).click()

    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await expect(preview).toContainText(`${max} ETH`)
    await expect(preview).toContainText(/Network fee.*ETH/)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
    await expect(sent.getByRole('status')).toHaveText(`Sent ${shownAmount(max)} ETH on Ethereum`)
    // What the transfer did not spend of the reserve is left.
    const left = BigInt(await chainRpc<string>(stack, 'eth_getBalance', [me, 'latest']))
    expect(left).toBeGreaterThan(0n)
    expect(left).toBeLessThan(reserve)
  })

  test('cancel while the wallet is asked goes back, and its late approval changes nothing', async ({
    page,
    stack,
    wallet,
  }) => {
    const receiver = (wallet.accounts[2] as { address: string }).address
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    const send = await fillSend(page, /^PRTC/, '7', receiver)
    await send.getByRole('button', { name: 'Preview send' }).click()
    const prompt = wallet.holdNextRequest('eth_sendTransaction')
    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
    await approve.getByRole('button', { name: 'Cancel' }).click()

    await expect(preview).toContainText('7 PRTC')
    await expect(preview.getByRole('button', { name: 'Send', exact: true })).toBeEnabled()
    await expect(preview.getByRole('alert')).toHaveCount(0)
    // The wallet approves after all: the transfer goes out, the modal stays where it is.
    const nonce = () =>
      chainRpc<string>(stack, 'eth_getTransactionCount', [wallet.account.address, 'latest'])
    const before = BigInt(await nonce())
    prompt.release()
    await expect(async () => expect(BigInt(await nonce())).toBe(before + 1n)).toPass({
      timeout: 10_000,
    })
    await expect(preview).toContainText('7 PRTC')
    await preview.getByRole('button', { name: 'Cancel' }).click()
    // Once confirmed, the balances catch up (the flow's last step), and the draft is as it was.
    const draft = page.getByRole('dialog', { name: 'Send' })
    await expect(
      draft.getByLabel('Token').locator('option', { hasText: 'PRTC (993)' }),
    ).toHaveCount(1)
    await expect(draft.getByLabel('Amount')).toHaveValue('7')
    await expect(draft.getByLabel('Receiver address')).toHaveValue(receiver)
    await expect(draft.getByRole('alert')).toHaveCount(0)
  })

  test('a declined signature keeps the draft and says so', async ({ page, stack, wallet }) => {
    const receiver = (wallet.accounts[2] as { address: string }).address
    const dialog = await connectAndOpenAccount(page, stack, wallet)
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    const send = await fillSend(page, /^PRTC/, '12.5', receiver)
    await send.getByRole('button', { name: 'Preview send' }).click()
    wallet.rejectNextRequest('eth_sendTransaction')
    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await preview.getByRole('button', { name: 'Send', exact: true }).click()

    await expect(preview.getByRole('alert')).toHaveText('Transaction declined')
    await expect(preview).toContainText('12.5 PRTC')
    await expectAccessible(page, 'Send Preview, declined')
    await preview.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog', { name: 'Send' }).getByLabel('Amount')).toHaveValue(
      '12.5',
    )
    await expect(
      page.getByRole('dialog', { name: 'Send' }).getByLabel('Receiver address'),
    ).toHaveValue(receiver)
  })
})
