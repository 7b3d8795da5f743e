// Send as a first-time visitor meets it (issue 18): the form starts on the network's native
// token and says which network, says nothing is missing before anything is typed, refuses a
// mistyped checksum as an error of its field, and a sent transfer ends on a view with its hash.
// The injected test wallet is dev account 0 on the devnet's Ethereum (anvil, chain id 1).

import type { Page } from '@playwright/test'
import { openAccount } from '../fixtures/account-dialog'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'

async function openSend(page: Page, webUrl: string, address: string) {
  await openAndPickTestWallet(page, webUrl)
  await expect(page.getByTestId('host-status')).toHaveText('connected')
  const account = await openAccount(page, address)
  await account.getByRole('button', { name: 'Send', exact: true }).click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send).toBeVisible()
  return send
}

test('the form starts on the native token and its network, with no error until the visitor types', async ({
  page,
  stack,
  wallet,
}) => {
  const send = await openSend(page, stack.webUrl, wallet.account.address)
  await expect(send.getByText('On Ethereum')).toBeVisible()
  await expect(send.getByLabel('Token').locator('option:checked')).toHaveText(/^ETH \(/)
  await expect(send.getByRole('status')).toHaveText('')
  await expect(send.getByLabel('Amount')).not.toHaveAttribute('aria-invalid')
  await expectAccessible(page, 'Send, untouched')

  // Preview with nothing typed: now the form says what is missing, on the field it concerns.
  await send.getByRole('button', { name: 'Preview send' }).click()
  await expect(send.getByRole('status')).toHaveText('An amount and receiver address are required')
  await expect(send.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true')
  await expect(send.getByLabel('Amount')).toHaveAccessibleDescription(
    'An amount and receiver address are required',
  )
  await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
})

test('a receiver whose mixed-case checksum is wrong is refused as an error of that field', async ({
  page,
  stack,
  wallet,
}) => {
  const receiver = (wallet.accounts[1] as { address: string }).address
  // One letter of the checksummed address in the other case.
  const index = [...receiver].findIndex((char, at) => at > 1 && /[a-fA-F]/.test(char))
  const flipped = receiver[index] as string
  const typo = `${receiver.slice(0, index)}${flipped === flipped.toUpperCase() ? flipped.toLowerCase() : flipped.toUpperCase()}${receiver.slice(index + 1)}`
  const send = await openSend(page, stack.webUrl, wallet.account.address)
  await send.getByLabel('Amount').fill('0.01')
  await send.getByLabel('Receiver address').fill(typo)

  const message = 'Invalid address checksum: check the address, or enter it in lower case'
  await expect(send.getByRole('status')).toHaveText(message)
  const field = send.getByLabel('Receiver address')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(field).toHaveAccessibleDescription(message)
  await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
  // An error, not helper text: the theme's error colour, not the muted grey.
  const colours = await send.getByRole('status').evaluate((element) => {
    const style = getComputedStyle(element)
    const probe = document.createElement('span')
    probe.style.color = 'var(--portico-error)'
    element.append(probe)
    const error = getComputedStyle(probe).color
    probe.remove()
    return { text: style.color, error }
  })
  expect(colours.text).toBe(colours.error)
  await expectAccessible(page, 'Send, checksum error')

  // The same address in lower case has no checksum to get wrong.
  await field.fill(receiver.toLowerCase())
  await expect(send.getByRole('status')).toHaveText('')
  await expect(field).not.toHaveAttribute('aria-invalid')
  await expect(send.getByRole('button', { name: 'Preview send' })).toBeEnabled()
})

test('a sent transfer ends on a view with its hash, no explorer for a local chain, back to Account', async ({
  page,
  stack,
  wallet,
}) => {
  const receiver = (wallet.accounts[1] as { address: string }).address
  const send = await openSend(page, stack.webUrl, wallet.account.address)
  await send.getByLabel('Amount').fill('0.01')
  await send.getByLabel('Receiver address').fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()

  const preview = page.getByRole('dialog', { name: 'Send Preview' })
  await expect(preview).toContainText(/Network\s*Ethereum/)
  await expectAccessible(page, 'Send Preview')
  await preview.getByRole('button', { name: 'Send', exact: true }).click()

  const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
  await expect(sent.getByRole('status')).toHaveText('Sent 0.01 ETH on Ethereum')
  const hash = sent.getByText(/^0x[0-9a-f]{64}$/)
  await expect(hash).toBeVisible()
  // The transaction is on the devnet's anvil only: no public explorer is linked.
  await expect(sent.getByRole('link')).toHaveCount(0)
  await expectAccessible(page, 'Transaction Sent')

  await sent.getByRole('button', { name: 'Back', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
})
