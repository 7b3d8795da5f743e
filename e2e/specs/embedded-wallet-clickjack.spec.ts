// The embedded wallet's frame against a page that embeds it to abuse it: a page of another
// allowed origin reads nothing of a login made elsewhere, and a page that hides, covers or clips
// the frame's confirm cannot turn a visitor's click (or key press) into an approval. The page is
// e2e/fixtures/frame-attacker.ts: the frame's protocol over postMessage, its own CSS, real
// mouse clicks and key presses from Playwright.
import type { Page } from '@playwright/test'
import { type Address, type Hex, stringToHex, verifyMessage } from 'viem'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { dialog, frame, freshAddress, logIn, nextCode, seenMail } from '../fixtures/email-login'
import {
  answer,
  ask,
  clickThrough,
  frameMessages,
  frameUrl,
  openAttackerPage,
  post,
  restyle,
} from '../fixtures/frame-attacker'
import { expect, expectAccessible, test } from '../fixtures/test'

const NOT_CONNECTED = { message: 'The embedded wallet is not connected', code: 4100 }

/** A visitor's e-mail login through the frame the page holds, as the page asks for it. */
async function logInOnPage(page: Page, label: string): Promise<{ address: Address }> {
  const email = freshAddress(label)
  const seen = await seenMail(email)
  expect((await ask(page, 'CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' })
  const otp = await nextCode(email, seen)
  expect((await ask(page, 'CONNECT_OTP', { otp })).type).toBe('CONNECT_OTP_SUCCESS')
  return (await ask(page, 'GET_USER', { chainId: 1 })).payload as { address: Address }
}

/** The page asks the frame to sign `message` with `address`: the request's id. */
function askToSign(page: Page, address: Address, message: string): Promise<string> {
  return post(page, 'RPC_REQUEST', {
    method: 'personal_sign',
    params: [stringToHex(message), address],
    chainId: 1,
  })
}

/** As Firefox and Safari today: IntersectionObserver without v2's visibility, in every frame. */
function withoutVisibilityChecks() {
  Reflect.deleteProperty(IntersectionObserver.prototype, 'trackVisibility')
}

/**
 * Longer than the frame's wait before Approve turns on (500 ms of the confirm in full view): the
 * passing of time is what these clicks test, so a gate on time alone would have opened by then.
 */
const LONGER_THAN_THE_WAIT_MS = 1_000

/** The request `id` still waits: no answer to it, no approval settled. */
async function stillWaiting(page: Page, id: string) {
  // A request asked after the click is answered after anything the click set off.
  await ask(page, 'RPC_REQUEST', { method: 'eth_chainId', chainId: 1 })
  const messages = await frameMessages(page)
  expect(messages.filter((m) => m.id === id)).toEqual([])
  expect(messages.filter((m) => m.type === 'FRAME_APPROVAL_SETTLED')).toEqual([])
}

test.describe('the embedded wallet frame inside a page that abuses it', () => {
  test.describe.configure({ timeout: 180_000 })

  test('gives a page of another allowed origin nothing of a login made on the host page', async ({
    page,
    stack,
  }) => {
    const email = freshAddress('elsewhere')
    const address = await logIn(page, stack.webUrl, email)
    // Same browser, same site: the frame inside the other page shares the host page's storage.
    const attacker = await page.context().newPage()
    await openAttackerPage(attacker)

    expect((await ask(attacker, 'IS_CONNECTED')).payload).toEqual({ isConnected: false })
    expect(await ask(attacker, 'GET_USER', { chainId: 1 })).toMatchObject({
      type: 'GET_USER_ERROR',
      payload: NOT_CONNECTED,
    })
    expect(
      (await ask(attacker, 'RPC_REQUEST', { method: 'eth_accounts', chainId: 1 })).payload,
    ).toEqual([])
    expect(
      await ask(attacker, 'RPC_REQUEST', { method: 'eth_requestAccounts', chainId: 1 }),
    ).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: NOT_CONNECTED })
    expect(
      await ask(attacker, 'RPC_REQUEST', {
        method: 'personal_sign',
        params: [stringToHex('hello'), address],
        chainId: 1,
      }),
    ).toMatchObject({ type: 'RPC_REQUEST_ERROR', payload: NOT_CONNECTED })
    expect(await ask(attacker, 'EXPORT_KEY_START')).toMatchObject({ payload: NOT_CONNECTED })
    expect(await ask(attacker, 'UPDATE_EMAIL', { email: freshAddress('taken') })).toMatchObject({
      payload: NOT_CONNECTED,
    })
    // Its sign-out ends nothing of the host page's login.
    await ask(attacker, 'SIGN_OUT')
    const asked = (await frameMessages(attacker)).map((m) => m.type)
    expect(asked).not.toContain('FRAME_APPROVAL_REQUESTED')
    await attacker.close()

    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('host-address')).toHaveText(address)
  })

  test('approves nothing on a click or key press the page hid, covered or clipped; approves once in full view', async ({
    page,
  }) => {
    const { origin, wallet } = await openAttackerPage(page)
    // The visitor logs in on this page (its own origin): from then on it may ask to sign.
    const user = await logInOnPage(page, 'clickjack')
    // The page names itself after a well-known app; the frame must not repeat it.
    await ask(page, 'SYNC_DAPP_DATA', {
      projectId: 'f94537f769cddac7aff0d3d7b370838e',
      sdkVersion: '1',
      metadata: { name: 'Uniswap', description: '', url: 'https://app.uniswap.org', icons: [] },
    })

    // Hidden from the start: the confirm is drawn in a frame no one can see.
    await restyle(page, { wallet: 'opacity: 0' })
    const message = 'Claim your prize'
    const sign = await askToSign(page, user.address, message)
    const approve = wallet.getByRole('button', { name: 'Approve' })
    await expect(approve).toBeAttached()

    // 1. The frame transparent over the decoy: the visitor's click lands on Approve.
    await page.waitForTimeout(LONGER_THAN_THE_WAIT_MS)
    await expect(approve).toBeDisabled()
    await clickThrough(page, approve)
    await stillWaiting(page, sign)

    // 2. The keyboard: focus in the frame, Tab towards Approve, Enter.
    await wallet.getByRole('button', { name: 'Reject' }).focus()
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await stillWaiting(page, sign)

    // 3. The frame opaque but under a decoy that lets clicks through.
    await restyle(page, { wallet: '', cover: 'display: block' })
    await page.waitForTimeout(LONGER_THAN_THE_WAIT_MS)
    await expect(approve).toBeDisabled()
    await clickThrough(page, approve)
    await stillWaiting(page, sign)

    // 4. Clipped to Approve alone: the request, its origin and Reject cut away.
    await restyle(page, { cover: '' })
    const box = await approve.boundingBox()
    if (!box) throw new Error('Approve is not laid out')
    await restyle(page, {
      clip: `left: ${box.x}px; top: ${box.y}px; width: ${box.width}px; height: ${box.height}px`,
      wallet: `left: ${-box.x}px; top: ${-box.y}px`,
    })
    // (Also past Chromium's own 500 ms without input to a frame that moved: the click arrives.)
    await page.waitForTimeout(LONGER_THAN_THE_WAIT_MS)
    await expect(approve).toBeDisabled()
    await clickThrough(page, approve)
    await stillWaiting(page, sign)

    // In full view: the page's real origin, not the name it gave; Approve turns on.
    await restyle(page, { clip: '', wallet: '' })
    const confirm = wallet.getByRole('dialog', { name: 'Sign message' })
    await expect(confirm).toContainText(`Requested by ${origin}`)
    await expect(confirm).not.toContainText('Uniswap')
    await expect(approve).toBeEnabled()
    await expectAccessible(page, 'the frame confirm with the requesting origin')
    // Hidden again, Approve turns off at once; shown again, it waits again before it turns on.
    await restyle(page, { wallet: 'opacity: 0' })
    await expect(approve).toBeDisabled()
    await restyle(page, { wallet: '' })
    await expect(approve).toBeEnabled()

    await approve.click()
    const signed = await answer(page, sign)
    expect(signed.type).toBe('RPC_REQUEST_SUCCESS')
    expect(
      await verifyMessage({ address: user.address, message, signature: signed.payload as Hex }),
    ).toBe(true)
  })

  test('approves in a window of the frame’s own where the browser cannot tell what covers the frame', async ({
    page,
    stack,
  }) => {
    // As Firefox and Safari today: IntersectionObserver without v2's visibility (every frame).
    await page.addInitScript(withoutVisibilityChecks)
    const address = await logIn(page, stack.webUrl, freshAddress('fallback'))
    await page.getByRole('button', { name: 'Sign message' }).click()
    const wallet = frame(page)
    const openWindow = wallet.getByRole('button', { name: 'Approve in a window' })
    await expect(openWindow).toBeVisible()
    expect(
      await openWindow.evaluate(() => 'trackVisibility' in IntersectionObserver.prototype),
    ).toBe(false)
    // The frame, which the page could cover, holds no Approve at all.
    await expect(wallet.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)
    await dialogAtRest(page)
    const popup = page.waitForEvent('popup')
    await openWindow.click()
    const confirmWindow = await popup
    expect(new URL(confirmWindow.url()).origin).toBe(new URL(frameUrl()).origin)
    await expect(wallet.getByRole('status')).toHaveText(
      'Approve or reject in the window that opened.',
    )
    const confirm = confirmWindow.getByRole('dialog', { name: 'Sign message' })
    await expect(confirm).toContainText(`Requested by ${new URL(stack.webUrl).origin}`)
    const closed = confirmWindow.waitForEvent('close')
    await confirmWindow.getByRole('button', { name: 'Approve' }).click()
    await closed
    await expect(dialog(page)).toBeHidden()
    const signature = (await page.getByTestId('host-signature').textContent()) as Hex
    expect(await verifyMessage({ address, message: 'Hello from the host app', signature })).toBe(
      true,
    )
  })

  test('where the browser cannot tell what covers the frame, a click through a decoy only opens the confirm window', async ({
    page,
  }) => {
    await page.addInitScript(withoutVisibilityChecks)
    const { origin, wallet } = await openAttackerPage(page)
    const user = await logInOnPage(page, 'clickjack-fallback')
    const message = 'Claim your prize'
    const sign = await askToSign(page, user.address, message)
    const openWindow = wallet.getByRole('button', { name: 'Approve in a window' })
    await expect(openWindow).toBeVisible()
    await expect(wallet.getByRole('button', { name: 'Approve', exact: true })).toHaveCount(0)

    // The frame under a decoy that lets clicks through, focused, in view, long past the wait.
    await restyle(page, { cover: 'display: block' })
    await wallet.getByRole('button', { name: 'Reject' }).focus()
    await page.waitForTimeout(LONGER_THAN_THE_WAIT_MS)
    const popup = page.waitForEvent('popup')
    await clickThrough(page, openWindow)
    const confirmWindow = await popup
    // A second click through brings that window forward: the clicks only show the confirm where
    // the page cannot paint, and approve nothing.
    await clickThrough(page, openWindow)
    await stillWaiting(page, sign)
    const confirm = confirmWindow.getByRole('dialog', { name: 'Sign message' })
    await expect(confirm).toContainText(`Requested by ${origin}`)

    await confirmWindow.getByRole('button', { name: 'Approve' }).click()
    const signed = await answer(page, sign)
    expect(signed.type).toBe('RPC_REQUEST_SUCCESS')
    expect(
      await verifyMessage({ address: user.address, message, signature: signed.payload as Hex }),
    ).toBe(true)
  })
})
