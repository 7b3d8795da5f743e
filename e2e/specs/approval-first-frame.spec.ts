// The embedded wallet's approval says the right words from its first frame to its last (issue
// 38): the dialog never names the connector ("Approve the transaction in Email", the words meant
// for a wallet of its own) while the frame's confirm opens or after it is settled. Every text
// the dialog shows is recorded, on each DOM change and each animation frame, from before the
// host page's request until the dialog is gone.
import type { Page } from '@playwright/test'
import { logInFundedAccount } from '../fixtures/account-dialog'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { confirmReady, dialog, frame, freshAddress, logIn } from '../fixtures/email-login'
import { fund } from '../fixtures/fund'
import { expect, expectAccessible, test } from '../fixtures/test'

declare global {
  interface Window {
    __dialogTexts?: string[]
  }
}

/** Starts recording every distinct text the dialog shows, in order. */
async function recordDialogTexts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const texts: string[] = []
    window.__dialogTexts = texts
    const record = () => {
      // The modal is a native <dialog>; a closing one still draws until its animation ends.
      const shown = [...document.querySelectorAll('dialog')].filter(
        (element) => element.getClientRects().length > 0,
      )
      const text = shown.map((element) => element.textContent?.trim() ?? '').join(' | ')
      if (text && texts[texts.length - 1] !== text) texts.push(text)
    }
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    const everyFrame = () => {
      record()
      requestAnimationFrame(everyFrame)
    }
    requestAnimationFrame(everyFrame)
  })
}

async function recordedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__dialogTexts ?? [])
}

test.describe('the embedded wallet approval’s first frame', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a host page’s signing request and send show the review words from the first frame, never the connector’s name', async ({
    page,
    stack,
  }) => {
    const address = await logIn(page, stack.webUrl, freshAddress('first-frame'))
    await expect(dialog(page)).toBeHidden()

    await recordDialogTexts(page)
    await page.getByRole('button', { name: 'Sign message' }).click()
    await confirmReady(page)
    await expect(
      dialog(page).getByText('Review the message to sign in your wallet below.'),
    ).toBeVisible()
    await expectAccessible(page, 'ApproveTransaction as the embedded wallet’s confirm opens')
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(dialog(page)).toBeHidden()
    await expect(page.getByTestId('host-signature')).toHaveText(/^0x/)
    const signing = await recordedTexts(page)
    // The view's first words (after the title alone) are the review's.
    expect(signing.find((text) => text !== 'Approve Transaction')).toContain(
      'Review the message to sign in your wallet below.',
    )
    expect(signing.filter((text) => /Approve the (transaction|request) in/.test(text))).toEqual([])

    await fund(stack, address)
    await recordDialogTexts(page)
    await page.getByRole('button', { name: 'Send 0.01 ETH' }).click()
    await confirmReady(page)
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(dialog(page)).toBeHidden()
    await expect(page.getByTestId('host-receipt')).toContainText('Confirmed in block', {
      timeout: 30_000,
    })
    const sending = await recordedTexts(page)
    expect(sending.find((text) => text !== 'Approve Transaction')).toContain(
      'Review the transaction in your wallet below.',
    )
    expect(sending.filter((text) => /Approve the (transaction|request) in/.test(text))).toEqual([])
  })

  test('the modal’s own send shows the review words from before the frame asks until the transfer is sent', async ({
    page,
    stack,
  }) => {
    const { account } = await logInFundedAccount(page, stack, 'first-frame-send')
    await account.getByRole('button', { name: 'Send', exact: true }).click()
    const send = page.getByRole('dialog', { name: 'Send' })
    await dialogAtRest(page)
    await send.getByLabel('Amount').fill('0.01')
    await send.getByLabel('Receiver address').fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
    await send.getByRole('button', { name: 'Preview send' }).click()
    const preview = page.getByRole('dialog', { name: 'Send Preview' })
    await dialogAtRest(page)
    // As a visitor does, the fee is read before Send is pressed: its arrival is the preview's
    // own last change, not a frame between the preview and the review.
    await expect(preview).toContainText(/Network fee.*ETH/)

    await recordDialogTexts(page)
    await preview.getByRole('button', { name: 'Send', exact: true }).click()
    await confirmReady(page)
    await expectAccessible(page, 'ApproveTransaction for the modal’s send')
    await frame(page).getByRole('button', { name: 'Approve' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Transaction Sent' }).getByRole('status'),
    ).toHaveText('Sent 0.01 ETH on Ethereum', { timeout: 30_000 })
    const texts = await recordedTexts(page)
    expect(texts.filter((text) => /Approve the (transaction|request) in/.test(text))).toEqual([])
    // After the preview, the first words the view shows are the review's.
    const firstWords = texts.slice(1).find((text) => !/Approve Transaction×$/.test(text))
    expect(firstWords).toContain('Review the transaction in your wallet below.')
  })
})
