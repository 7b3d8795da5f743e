// The modal's colours: dark by default, light when the host asks, and the visitor's own system
// preference, live, when the host asks for 'system' (apps/web: `?theme=system`, or its Theme
// switch). What a visitor sees is checked: how light the dialog's background is.
import type { Locator, Page } from '@playwright/test'
import { connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'

/** 'light' or 'dark': the relative luminance of an element's background, above or below half. */
function shade(element: Locator): Promise<'light' | 'dark'> {
  return element.evaluate((node) => {
    const [r = 0, g = 0, b = 0] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) ?? [])
      .slice(0, 3)
      .map(Number)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.5 ? 'light' : 'dark'
  })
}

async function openConnect(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  return connectAtRest(page)
}

test('is dark by default, whatever the system prefers', async ({ page, stack }) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(stack.webUrl)
  expect(await shade(await openConnect(page))).toBe('dark')
})

test("follows the visitor's colour scheme when the host asks for 'system', as it changes", async ({
  page,
  stack,
}) => {
  await page.emulateMedia({ colorScheme: 'light' })
  await page.goto(`${stack.webUrl}?theme=system`)
  const connect = await openConnect(page)
  expect(await shade(connect)).toBe('light')
  expect(await shade(page.locator(':root'))).toBe('light')
  await expectAccessible(page, 'Connect, light from the system')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expect.poll(() => shade(connect)).toBe('dark')
  await expect.poll(() => shade(page.locator(':root'))).toBe('dark')
  await expectAccessible(page, 'Connect, dark from the system')
})

test("the demo page's Theme switch turns the page and the modal light and back", async ({
  page,
  stack,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.goto(stack.webUrl)
  const theme = page.getByRole('combobox', { name: 'Theme' })
  await expect(theme).toHaveValue('dark')
  await theme.selectOption({ label: 'Light' })
  expect(await shade(page.locator(':root'))).toBe('light')
  const connect = await openConnect(page)
  expect(await shade(connect)).toBe('light')
  await expectAccessible(page, 'the demo page and Connect, light')

  await page.keyboard.press('Escape')
  await expect(connect).toBeHidden()
  await theme.selectOption({ label: 'Dark' })
  expect(await shade(await openConnect(page))).toBe('dark')
})
