// Swap as a visitor reads it at 1280x800 and on a 390x844 phone (issue 38, Layout): the
// "You pay" / "You receive" labels whole and uncovered, and each amount of the quote's details
// (rate, fee, minimum received) on one line: lines break between phrases, never inside a number.

import type { Locator } from '@playwright/test'
import { connectAndOpenAccount } from '../fixtures/account-dialog'
import { dialogAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'
import { VISITOR_SIZES } from '../fixtures/visitor-sizes'

/**
 * The label's text fits its box, nothing is drawn over it, and its box ends above the field it
 * names (the input once covered the lower half of its letters, whose middle stayed clear).
 */
async function expectWholeAndUncovered(label: Locator, field: Locator) {
  const fit = await label.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const points = [0.1, 0.5, 0.9].flatMap((x) =>
      [0.2, 0.5, 0.85].map((y) => [box.x + box.width * x, box.y + box.height * y] as const),
    )
    return {
      overflowX: element.scrollWidth - element.clientWidth,
      overflowY: element.scrollHeight - element.clientHeight,
      covered: points.filter(([x, y]) => {
        const top = document.elementFromPoint(x, y)
        return top !== element && !element.contains(top)
      }).length,
    }
  })
  expect(fit).toEqual({ overflowX: 0, overflowY: 0, covered: 0 })
  const labelBox = await label.boundingBox()
  const fieldBox = await field.boundingBox()
  if (!labelBox || !fieldBox) throw new Error('the label or its field is not laid out')
  expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(fieldBox.y)
}

/**
 * How many lines the phrase spans: 1 when no line breaks inside it. Its boxes are counted by
 * their top edge, since Chromium gives an inline element one box per text node on a line too.
 */
function linesOf(phrase: Locator): Promise<number> {
  return phrase.evaluate(
    (element) => new Set([...element.getClientRects()].map((rect) => Math.round(rect.top))).size,
  )
}

for (const { name, viewport } of VISITOR_SIZES) {
  test.describe(`Swap at ${name} size`, () => {
    test.use({ viewport })

    test('shows its labels whole and keeps every number of the quote on one line', async ({
      page,
      stack,
      wallet,
    }) => {
      const account = await connectAndOpenAccount(page, stack, wallet)
      await account.getByRole('button', { name: 'Swap', exact: true }).click()
      const swap = page.getByRole('dialog', { name: 'Swap' })
      await swap.getByRole('button', { name: 'Token to receive: none. Change' }).click()
      await page
        .getByRole('dialog', { name: 'Select Token' })
        .getByRole('button', { name: /^USDC\b/ })
        .click()
      await swap.getByLabel('Amount to pay').fill('0.1')
      await expect(swap.getByRole('button', { name: 'Review swap' })).toBeEnabled()
      await dialogAtRest(page)

      for (const [side, field] of [
        ['You pay', swap.getByLabel('Amount to pay')],
        ['You receive', swap.getByLabel('Amount to receive')],
      ] as const) {
        await expect(swap.getByRole('group', { name: side })).toBeVisible()
        await expectWholeAndUncovered(swap.getByText(side, { exact: true }), field)
      }

      const details = swap.getByLabel('Swap details')
      // About 2,990 USDC to the ETH: the rate's number is the widest phrase of the list.
      const rate = details.getByText(/^[\d,]+\.\d+ USDC$/).first()
      await expect(rate).toBeVisible()
      expect(await linesOf(rate)).toBe(1)
      await expect(details.getByText(/^1 ETH$/)).toBeVisible()
      expect(await linesOf(details.getByText(/^1 ETH$/))).toBe(1)
      const fee = details.getByText(/^<?\d[\d,]*\.\d+ ETH$/)
      expect(await linesOf(fee)).toBe(1)
      const minimum = details.getByText(/^[\d,]+\.\d+ USDC$/).last()
      expect(await linesOf(minimum)).toBe(1)
      // The rate and the minimum are two different phrases of the list.
      expect(await details.getByText(/^[\d,]+\.\d+ USDC$/).count()).toBe(2)
      await expectAccessible(page, `Swap with a quote at ${name} size`)
    })
  })
}
