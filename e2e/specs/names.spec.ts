// A name of our own for an e-mail login's account: chosen in Account, suggestions as it is
// typed, a name breaking the rule and a taken one refused with their reasons, the wallet's
// signature approved in the embedded wallet's frame, and the name then on the connect button,
// in Account and answered by the server's lookup for that address.
import { DEV_PROJECT_ID } from '@portico/server'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { confirmReady, dialog, frame, freshAddress, logIn } from '../fixtures/email-login'
import { expect, expectAccessible, test } from '../fixtures/test'

test.describe('registering a name', () => {
  test.describe.configure({ timeout: 180_000 })

  test('an e-mail user registers a name, refused first for the rule and a taken name', async ({
    page,
    stack,
  }) => {
    const suffix = Date.now().toString(36)
    const taken = `taken-${suffix}`
    const mine = `mine-${suffix}`
    const query = `projectId=${DEV_PROJECT_ID}`

    // Someone else holds `taken` already (registered through the API with their own key).
    const other = privateKeyToAccount(generatePrivateKey())
    const message = JSON.stringify({
      name: `${taken}.portico.id`,
      attributes: {},
      timestamp: Math.floor(Date.now() / 1000),
    })
    const registered = await fetch(`${stack.apiUrl}/v1/profile/account?${query}`, {
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
    const reverse = await fetch(`${stack.apiUrl}/v1/profile/reverse/${address}?${query}`)
    expect(((await reverse.json()) as { name: string }[]).map(({ name }) => name)).toEqual([
      `${mine}.portico.id`,
    ])
  })
})
