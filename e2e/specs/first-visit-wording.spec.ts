// What a first-time visitor reads and hears at desktop size: a count that says what it counts,
// a connected button named in words, and an e-mail field that keeps its width while the code
// is sent.
import { connectAtRest } from '../fixtures/dialog-at-rest'
import { freshAddress } from '../fixtures/email-login'
import { expect, expectAccessible, openAndPickTestWallet, test } from '../fixtures/test'
import { accountButton } from '../fixtures/test-wallet'

test.use({ viewport: { width: 1280, height: 800 } })

test('says what the All wallets count counts', async ({ page, stack }) => {
  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = await connectAtRest(page)
  const allWallets = connect.getByRole('list', { name: 'Wallets' }).getByRole('button', {
    name: /^All wallets/,
  })
  await expect(allWallets).toHaveAccessibleName(/^All wallets \d+ available$/)
  await expect(allWallets).toContainText(/\d+ available/)
  await expectAccessible(page, 'Connect')
})

test('names the connected button in words: the address, then the balance', async ({
  page,
  stack,
  wallet,
}) => {
  await openAndPickTestWallet(page, stack.webUrl)
  // The button's name once connected and the balance has arrived.
  const address = wallet.account.address
  const short = `${address.slice(0, 6)}…${address.slice(-4)}`
  await expect(accountButton(page, address)).toHaveAccessibleName(
    new RegExp(`^${short}, [\\d,]+(\\.\\d{1,3})? ETH$`),
  )
})

test("keeps the e-mail field's width while the code is sent", async ({ page, context, stack }) => {
  // The server's answer to "send me a code" is held until the button has been measured.
  let answer: () => void = () => {}
  const answered = new Promise<void>((resolve) => {
    answer = resolve
  })
  let asked: () => void = () => {}
  const askedForCode = new Promise<void>((resolve) => {
    asked = resolve
  })
  await context.route(/\/email\/otp\?/, async (route) => {
    if (route.request().method() === 'POST') {
      asked()
      await answered
    }
    await route.continue()
  })

  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const connect = await connectAtRest(page)
  const field = connect.getByRole('textbox', { name: 'E-mail' })
  await field.fill(freshAddress('width'))
  const continueButton = connect.getByRole('button', { name: 'Continue', exact: true })
  const before = {
    field: (await field.boundingBox())?.width,
    button: (await continueButton.boundingBox())?.width,
  }
  await continueButton.click()
  await askedForCode

  const sending = connect.getByRole('button', { name: 'Sending…' })
  await expect(sending).toBeDisabled()
  expect({
    field: (await field.boundingBox())?.width,
    button: (await sending.boundingBox())?.width,
  }).toEqual(before)
  await expectAccessible(page, 'Connect while the code is sent')

  answer()
  await expect(page.getByRole('dialog')).toContainText(/code/i)
})
