// A name of our own for an e-mail login's account: chosen in Account, suggestions as it is
// typed, a name breaking the rule and a taken one refused with their reasons, the wallet's
// signature approved in the embedded wallet's frame, and the name then on the connect button,
// in Account and answered by the server's lookup for that address.
import { DEV_PROJECT_ID } from '@portico/server'
import { type Address, createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { logInFundedAccount } from '../fixtures/account-dialog'
import { accountAtRest, dialogAtRest } from '../fixtures/dialog-at-rest'
import { confirmReady, dialog, frame, freshAddress, logIn } from '../fixtures/email-login'
import { expect, expectAccessible, type StackInfo, test } from '../fixtures/test'

/** `label`.portico.id for a fresh key of someone else's, registered through the API. */
async function registerThroughApi(stack: StackInfo, label: string): Promise<Address> {
  const other = privateKeyToAccount(generatePrivateKey())
  const message = JSON.stringify({
    name: `${label}.portico.id`,
    attributes: {},
    timestamp: Math.floor(Date.now() / 1000),
  })
  const registered = await fetch(`${stack.apiUrl}/v1/profile/account?projectId=${DEV_PROJECT_ID}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: 0x80000001,
      address: other.address,
      message,
      signature: await other.signMessage({ message }),
    }),
  })
  expect(registered.status).toBe(200)
  return other.address
}

test.describe('registering a name', () => {
  test.describe.configure({ timeout: 180_000 })

  test('an e-mail user registers a name, refused first for the rule and a taken name', async ({
    page,
    stack,
  }) => {
    const suffix = Date.now().toString(36)
    const taken = `taken-${suffix}`
    const mine = `mine-${suffix}`

    // Someone else holds `taken` already (registered through the API with their own key).
    await registerThroughApi(stack, taken)

    const address = await logIn(page, stack.webUrl, freshAddress('names'))
    await page.getByRole('button', { name: /0x/ }).first().click()
    await dialogAtRest(page)
    await dialog(page).getByRole('button', { name: 'Choose a name' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Choose a Name' })).toBeVisible()
    const field = dialog(page).getByLabel('Your name')

    // Three characters: the rule's own words.
    await field.fill('abc')
    await dialog(page).getByRole('button', { name: 'Register' }).click()
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'Name to register: letters, digits and hyphens, at least 4 characters',
    )

    // A taken name: the suggestions say so and offer free ones.
    await field.fill(taken)
    await expect(dialog(page).getByText(`${taken}.portico.id is taken`)).toBeVisible()
    await expect(dialog(page).getByRole('button', { name: 'Register' })).toBeDisabled()
    await expect(
      dialog(page).getByRole('region', { name: 'Suggested names' }).getByRole('button').first(),
    ).toHaveText(/\.portico\.id$/)
    await expectAccessible(page, 'RegisterAccountName with suggestions')

    // A free name: the frame asks for the signature, then the name is ours.
    await field.fill(mine)
    await dialog(page).getByRole('button', { name: 'Register' }).click()
    await confirmReady(page)
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(dialog(page).getByRole('status')).toHaveText(
      `${mine}.portico.id is your name now.`,
    )
    await expectAccessible(page, 'RegisterAccountNameSuccess')
    await dialog(page).getByRole('button', { name: 'Back to account' }).click()
    await expect(dialog(page).getByText(`${mine}.portico.id`, { exact: true })).toBeVisible()
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await expect(page.getByRole('button', { name: `${mine}.portico.id` })).toBeVisible()

    // The server answers the name for the address the wallet signed with.
    const reverse = await fetch(
      `${stack.apiUrl}/v1/profile/reverse/${address}?projectId=${DEV_PROJECT_ID}`,
    )
    expect(((await reverse.json()) as { name: string }[]).map(({ name }) => name)).toEqual([
      `${mine}.portico.id`,
    ])
  })
})

test.describe('names where addresses show', () => {
  test.describe.configure({ timeout: 240_000 })

  test('a name is a receiver in Send, the counterparty in Activity, and on the button after a reload', async ({
    page,
    stack,
  }) => {
    const suffix = Date.now().toString(36)
    const friendName = `friend-${suffix}.portico.id`
    const friend = await registerThroughApi(stack, `friend-${suffix}`)
    const mine = `payer-${suffix}.portico.id`
    const { account } = await logInFundedAccount(page, stack, 'names-send')

    // A name of our own, for the button after the reload.
    await account.getByRole('button', { name: 'Choose a name' }).click()
    await dialog(page).getByLabel('Your name').fill(`payer-${suffix}`)
    await dialog(page).getByRole('button', { name: 'Register' }).click()
    await confirmReady(page)
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(dialog(page).getByRole('status')).toHaveText(`${mine} is your name now.`)
    await dialog(page).getByRole('button', { name: 'Back to account' }).click()
    await accountAtRest(page)

    await dialog(page).getByRole('button', { name: 'Send', exact: true }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await send.getByLabel('Amount').fill('0.01')
    const receiver = send.getByLabel('Receiver address')

    // A name nobody registered: the server's reason, on the field, and no preview.
    await receiver.fill(`nobody-${suffix}.portico.id`)
    await expect(send.getByRole('status')).toHaveText(
      `Name nobody-${suffix}.portico.id is not registered`,
    )
    await expect(receiver).toHaveAttribute('aria-invalid', 'true')
    await expect(send.getByRole('button', { name: 'Preview send' })).toBeDisabled()
    await expectAccessible(page, 'Send, unknown name')

    // The friend's name: the address it resolves to shows before the visitor can go on.
    await receiver.fill(friendName)
    await expect(send.getByText(`Resolves to ${friend}`)).toBeVisible()
    await expect(receiver).toHaveAccessibleDescription(`Resolves to ${friend}`)
    await expect(send.getByRole('status')).toHaveText('')
    await expectAccessible(page, 'Send, resolved name')
    await send.getByRole('button', { name: 'Preview send' }).click()

    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await expect(preview).toContainText(`${friendName} (${friend.slice(0, 6)}`)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await confirmReady(page)
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    const sent = page.getByRole('dialog', { name: 'Transaction Sent' })
    await expect(sent.getByRole('status')).toHaveText('Sent 0.01 ETH on Ethereum', {
      timeout: 30_000,
    })
    // The funds are at the address the name resolves to.
    const chain = createPublicClient({ transport: http(stack.rpcUrls[1]) })
    expect(await chain.getBalance({ address: friend })).toBe(parseEther('0.01'))

    // Activity names the friend, not their address.
    await dialogAtRest(page)
    await sent.getByRole('button', { name: 'Back to account' }).click()
    const rows = dialog(page).getByRole('tabpanel').getByRole('listitem')
    // The indexer follows the chain once a second: the tab asks again each time it opens.
    await expect(async () => {
      await dialog(page).getByRole('tab', { name: 'Tokens' }).click()
      await dialog(page).getByRole('tab', { name: 'Activity' }).click()
      await expect(rows.first()).toContainText(`to ${friendName}`, { timeout: 2000 })
    }).toPass({ timeout: 20_000 })
    await expectAccessible(page, 'Account, Activity with a name')

    // After a reload the button has the name before Account opens.
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByRole('banner').getByRole('button', { name: mine })).toBeVisible()
  })
})
