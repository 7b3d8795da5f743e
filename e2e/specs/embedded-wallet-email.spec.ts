// The embedded wallet with e-mail login, as a visitor meets it: the code is read from the local
// mail catcher (a real SMTP server the server sends to), never from a backdoor. Signing and
// sending go through the host page's own wagmi hooks and are approved inside the frame.
import type { Browser, Page } from '@playwright/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  verifyMessage,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { mainnet } from 'viem/chains'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import {
  approveInFrame,
  askForCode,
  dialog,
  enterCode,
  frame,
  freshAddress,
  logIn,
  mailTo,
  nextCode,
  openConnect,
  seenMail,
} from '../fixtures/email-login'
import { expect, expectAccessible, type StackInfo, test } from '../fixtures/test'

async function fund(stack: StackInfo, address: Address) {
  const funder = privateKeyToAccount(stack.devKeys[2] as Hex)
  const transport = http(stack.rpcUrls[1])
  // The devnet's Ethereum is chain id 1, served by anvil at this RPC URL.
  const wallet = createWalletClient({ account: funder, chain: mainnet, transport })
  const hash = await wallet.sendTransaction({ to: address, value: parseEther('1') })
  await createPublicClient({ transport }).waitForTransactionReceipt({ hash })
}

async function newVisitorPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext()
  return context.newPage()
}

test.describe('the embedded wallet with e-mail login', () => {
  test.describe.configure({ timeout: 180_000 })

  test('logs in by e-mail, signs and sends through the host hooks, survives a reload, changes its e-mail, signs out, and comes back with the same address', async ({
    page,
    stack,
    browser,
  }) => {
    const email = freshAddress('visitor')
    const seen = await seenMail(email)
    await openConnect(page, stack.webUrl)
    await expectAccessible(page, 'Connect with the e-mail field')
    await askForCode(page, email)
    await expect(dialog(page).getByText(`Enter the 6-digit code sent to ${email}`)).toBeVisible()
    await expectAccessible(page, 'EmailVerifyOtp')
    await enterCode(page, await nextCode(email, seen))
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 20_000 })
    const address = (await page.getByTestId('host-address').textContent()) as Address
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Sign a message: the frame shows its own confirm inside the ApproveTransaction view.
    await page.getByRole('button', { name: 'Sign message' }).click()
    await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeVisible()
    await expectAccessible(page, 'ApproveTransaction with the embedded wallet frame')
    await approveInFrame(page)
    const signature = (await page.getByTestId('host-signature').textContent()) as Hex
    expect(await verifyMessage({ address, message: 'Hello from the host app', signature })).toBe(
      true,
    )

    // Send 0.01 ETH from the new wallet (funded first) and check the chain.
    await fund(stack, address)
    const chain = createPublicClient({ transport: http(stack.rpcUrls[1]) })
    const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const before = await chain.getBalance({ address: receiver })
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await approveInFrame(page)
    await expect(page.getByTestId('host-receipt')).toContainText('Confirmed in block', {
      timeout: 30_000,
    })
    expect(await chain.getBalance({ address: receiver })).toBe(before + parseEther('0.01'))

    // A reload: still connected, no new code.
    const mailsBeforeReload = (await mailTo(email)).length
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
    await expect(page.getByTestId('host-address')).toHaveText(address)
    expect((await mailTo(email)).length).toBe(mailsBeforeReload)

    // Account shows the e-mail; change it with a code from each address.
    await page.getByRole('button', { name: /0x/ }).first().click()
    await expect(dialog(page).getByText(email)).toBeVisible()
    await expectAccessible(page, 'Account with the e-mail')
    const newEmail = freshAddress('changed')
    const seenOld = await seenMail(email)
    const seenNew = await seenMail(newEmail)
    await dialog(page).getByRole('button', { name: 'Change e-mail' }).click()
    await expectAccessible(page, 'UpdateEmailWallet')
    await dialog(page).getByLabel('New e-mail').fill(newEmail)
    // The change mails a code to the current address, inside the server's 30 s cooldown of
    // the login code: the view says 'Please try again after {n} seconds' until it runs out.
    await expect(async () => {
      await dialog(page).getByRole('button', { name: 'Save' }).click()
      await expect(dialog(page).getByText(/sent to your current e-mail/)).toBeVisible({
        timeout: 3_000,
      })
    }).toPass({ timeout: 45_000, intervals: [3_000] })
    await expectAccessible(page, 'UpdateEmailPrimaryOtp')
    await enterCode(page, await nextCode(email, seenOld))
    await expect(dialog(page).getByText(/sent to your new e-mail/)).toBeVisible()
    await expectAccessible(page, 'UpdateEmailSecondaryOtp')
    await enterCode(page, await nextCode(newEmail, seenNew))
    // Exact: the code view's own line names the new address too, before the change is done.
    await expect(dialog(page).getByText(newEmail, { exact: true })).toBeVisible()
    await expect(dialog(page).getByRole('tabpanel').getByRole('listitem').first()).toBeVisible()
    await dialogAtRest(page)

    // Sign out: the page forgets the login.
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    expect(
      await page.evaluate(() => window.localStorage.getItem('@portico/email_login_used')),
    ).toBeNull()
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')

    // Another browser, the new e-mail: the same wallet comes back.
    const other = await newVisitorPage(browser)
    await expect
      .poll(
        async () => {
          try {
            return await logIn(other, stack.webUrl, newEmail)
          } catch {
            // The server's 30 s cooldown per address may still run from the change's code.
            return undefined
          }
        },
        { timeout: 90_000, intervals: [5_000] },
      )
      .toBe(address)
    await other.context().close()
  })

  test('refuses a second code inside 30 s, in this browser and from the server', async ({
    page,
    stack,
    browser,
  }) => {
    const email = freshAddress('cooldown')
    await openConnect(page, stack.webUrl)
    await askForCode(page, email)
    await dialog(page).getByRole('button', { name: 'Resend code' }).click()
    await expect(dialog(page).getByRole('alert')).toHaveText(/^Please try again after \d+ seconds$/)

    // Another browser knows nothing of the first code: the server refuses it all the same.
    const other = await newVisitorPage(browser)
    await openConnect(other, stack.webUrl)
    await dialog(other).getByLabel('E-mail').fill(email)
    await dialog(other).getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(dialog(other).getByRole('alert')).toHaveText(
      /^Please try again after \d+ seconds$/,
      { timeout: 25_000 },
    )
    await other.context().close()
  })

  test('locks a code after five wrong tries', async ({ page, stack }) => {
    const email = freshAddress('wrong')
    const seen = await seenMail(email)
    await openConnect(page, stack.webUrl)
    await askForCode(page, email)
    const code = await nextCode(email, seen)
    const wrong = code === '000000' ? '111111' : '000000'
    // Each wrong try is said as the server words it, with the tries left.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await enterCode(page, wrong)
      const left = 5 - attempt
      await expect(dialog(page).getByRole('alert')).toHaveText(
        left > 0
          ? `Wrong code: ${left} ${left === 1 ? 'try' : 'tries'} left`
          : /^(Wrong code: 0 tries left|Too many wrong codes: ask for a new one)$/,
      )
    }
    // The right code no longer opens the wallet (the field empties once the answer is in).
    await enterCode(page, code)
    await expect(dialog(page).getByLabel('Verification code')).toHaveValue('')
    await expect(dialog(page).getByRole('alert')).toHaveText(
      /^(Too many wrong codes|No code is waiting for this e-mail address): ask for a new one$/,
    )
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
  })

  test('ignores messages from a foreign origin, to the page and to the frame', async ({
    page,
    stack,
  }) => {
    const email = freshAddress('origin')
    await logIn(page, stack.webUrl, email)
    // A page of another origin (the local wallet app) inside the host page posts forged
    // frame events to the page and forged requests to the wallet frame.
    const foreignOrigin = new URL(stack.walletUrl).origin
    await page.evaluate((src) => {
      const foreign = document.createElement('iframe')
      foreign.src = src
      foreign.title = 'Foreign page'
      document.body.append(foreign)
      return new Promise((resolve) => foreign.addEventListener('load', resolve, { once: true }))
    }, stack.walletUrl)
    const foreign = page.frames().find((entry) => entry.url().startsWith(foreignOrigin))
    if (!foreign) throw new Error('the foreign page did not load')
    await foreign.evaluate(async () => {
      window.parent.postMessage(
        { type: 'FRAME_APPROVAL_REQUESTED', payload: { id: 'forged', method: 'personal_sign' } },
        '*',
      )
      for (let index = 0; index < window.parent.frames.length; index++) {
        const target = window.parent.frames[index]
        if (target === window) continue
        target?.postMessage({ type: 'SIGN_OUT', id: 'forged-1', payload: {} }, '*')
      }
      // Time for both to be handled, were they accepted (a message is delivered in a task).
      await new Promise((resolve) => setTimeout(resolve, 2_000))
    })
    // The page opened nothing for the forged approval event.
    await expect(dialog(page)).toBeHidden()
    // The session is still there: the forged sign-out was ignored.
    await page.reload()
    await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
  })

  test('refuses a not-safe request the visitor does not approve', async ({ page, stack }) => {
    const email = freshAddress('reject')
    await logIn(page, stack.webUrl, email)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await dialogAtRest(page)
    await frame(page).getByRole('button', { name: 'Reject' }).click()
    await expect(
      page.getByRole('alert').filter({ hasText: 'User rejected the request.' }),
    ).toBeVisible()
    await expect(page.getByTestId('host-signature')).toHaveCount(0)
    await expect(dialog(page)).toBeHidden()
  })
})
