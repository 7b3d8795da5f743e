// The embedded wallet's key export and its approval in a browser without Element.moveBefore.
// Both show the frame itself (its own origin) above the modal; the key never reaches the page.
import { type Hex, verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import {
  dialog,
  enterCode,
  frame,
  freshAddress,
  logIn,
  nextCode,
  pressOnceCooldownIsOver,
  seenMail,
} from '../fixtures/email-login'
import { expect, expectAccessible, test } from '../fixtures/test'

test.describe('the embedded wallet frame above the modal', () => {
  test.describe.configure({ timeout: 180_000 })

  test('exports the key behind a fresh code, shown only inside the frame', async ({
    page,
    stack,
  }) => {
    const email = freshAddress('export')
    const address = await logIn(page, stack.webUrl, email)

    await page.getByRole('button', { name: /0x/ }).first().click()
    await expect(dialog(page).getByText(email, { exact: true })).toBeVisible()
    await dialogAtRest(page)
    await dialog(page).getByRole('button', { name: 'Account settings' }).click()
    await dialogAtRest(page)
    await dialog(page).getByRole('button', { name: 'Export private key' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Export Private Key' })).toBeVisible()
    await expect(dialog(page).getByRole('note')).toHaveText(/gives full control of this wallet/)
    await expectAccessible(page, 'ExportEmbeddedKey')

    // A fresh code: the login's own code does not do, and the server's 30 s cooldown per
    // address still runs from it ('Please try again after {n} seconds' until it is over).
    const seen = await seenMail(email)
    await pressOnceCooldownIsOver(
      dialog(page).getByRole('button', { name: 'Send code' }),
      dialog(page).getByLabel('Verification code'),
    )
    await expect(dialog(page).getByText(/to show your private key$/)).toBeVisible()
    await expectAccessible(page, 'ExportEmbeddedKey, the code')
    await enterCode(page, await nextCode(email, seen))

    // The key is drawn by the frame, over ApproveTransaction; the page says where it is.
    const key = frame(page).getByLabel('Private key', { exact: true })
    await expect(key).toHaveText(/^0x[0-9a-f]{64}$/)
    const privateKey = (await key.textContent()) as Hex
    expect(privateKeyToAccount(privateKey).address).toBe(address)
    await expect(frame(page).getByText('Anyone with this key controls your wallet')).toBeVisible()
    await expect(dialog(page).getByText(/shown in the embedded wallet only/)).toBeVisible()
    // Nowhere in the page: its DOM (the frame's document is another origin's) and its storage.
    const secret = privateKey.slice(2)
    expect(await page.content()).not.toContain(secret)
    expect(
      await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
    ).not.toContain(secret)
    await expectAccessible(page, 'ApproveTransaction with the exported key')

    // Done: the frame hides and Account is back (the code view is not in the way).
    await frame(page).getByRole('button', { name: 'Done' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Account' })).toBeVisible()
    await expect(page.locator('iframe[title="Embedded wallet"]')).toBeHidden()
  })

  test('approves in a browser without Element.moveBefore: the frame keeps its page and takes the click', async ({
    page,
    stack,
  }) => {
    // As Firefox and Safari today: moving the iframe would reload the wallet's page.
    await page.addInitScript(() => {
      Reflect.deleteProperty(Element.prototype, 'moveBefore')
    })
    let frameLoads = 0
    page.on('framenavigated', (navigated) => {
      if (navigated !== page.mainFrame() && navigated.url().includes('enableLogger=')) frameLoads++
    })
    const address = await logIn(page, stack.webUrl, freshAddress('no-move'))
    expect(await page.evaluate(() => 'moveBefore' in Element.prototype)).toBe(false)

    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeVisible()
    // Above the modal in a dialog of its own, not moved into the modal's.
    await expect(page.locator('dialog[data-portico-frame-layer] > iframe')).toBeVisible()
    await expect(page.locator('.portico-dialog iframe')).toHaveCount(0)
    await expectAccessible(page, 'ApproveTransaction without moveBefore')
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(page.locator('dialog.portico-dialog')).toBeHidden()
    const signature = (await page.getByTestId('host-signature').textContent()) as Hex
    expect(await verifyMessage({ address, message: 'Hello from the host app', signature })).toBe(
      true,
    )
    await expect(page.locator('dialog[data-portico-frame-layer]')).toBeHidden()
    expect(frameLoads).toBe(1)
  })
})
