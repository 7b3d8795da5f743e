// What opening Connect costs and when (issue 30): the wallet list is asked for at the visitor's
// first gesture on the connect button and never before; WalletConnect's SDK waits for intent;
// a returning visitor's rows show from the answer kept last time while it is revalidated.
import type { Page, Request, Route } from '@playwright/test'
import { expect, test } from '../fixtures/test'
import { TEST_WALLET_INFO } from '../fixtures/test-wallet'

const WALLET_LIST = /\/getWallets\?/
/** The WalletConnect SDK's chunk in the production build. */
const WALLET_CONNECT_SDK = /\/assets\/universal-provider-init-[^/]+\.js$/

function requestsTo(page: Page, pattern: RegExp): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (pattern.test(request.url())) seen.push(request)
  })
  return seen
}

/** The recommended wallets' request (4 entries), held until `release` is called. */
async function holdRecommended(page: Page) {
  let release: (edit?: (body: { data: { name: string }[] }) => void) => void = () => {}
  const released = new Promise<Parameters<typeof release>[0]>((resolve) => {
    release = resolve
  })
  await page.route(WALLET_LIST, async (route: Route) => {
    if (new URL(route.request().url()).searchParams.get('entries') !== '4') {
      await route.continue()
      return
    }
    const edit = await released
    const response = await route.fetch()
    const body = (await response.json()) as { data: { name: string }[] }
    edit?.(body)
    await route.fulfill({ response, json: body })
  })
  return { release: (edit?: Parameters<typeof release>[0]) => release(edit) }
}

test('the wallet list is not asked for before a gesture, and leaves when the button is pressed', async ({
  page,
  stack,
}) => {
  const listRequests = requestsTo(page, WALLET_LIST)
  await page.goto(stack.webUrl)
  await page.waitForLoadState('networkidle')
  expect(listRequests).toEqual([])

  const button = page.getByRole('button', { name: 'Connect Wallet' })
  const asked = page.waitForRequest(WALLET_LIST)
  // Pressed, not yet released: no click, no dialog, the request already out.
  await button.dispatchEvent('pointerdown')
  await asked
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(listRequests.length).toBeGreaterThan(0)

  await button.click()
  await expect(
    page.getByRole('dialog', { name: 'Connect Wallet' }).getByRole('button', { name: 'Rainbow' }),
  ).toBeVisible()
})

test('an installed wallet is listed while the wallet list has not answered', async ({
  page,
  stack,
}) => {
  const held = await holdRecommended(page)
  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(
    dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }),
  ).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveText('Loading wallets')
  await expect(dialog.getByRole('button', { name: 'Rainbow' })).toHaveCount(0)

  held.release()
  await expect(dialog.getByRole('button', { name: 'Rainbow' })).toBeVisible()
})

test('the WalletConnect SDK is not fetched when Connect opens, and is when its row is pointed at', async ({
  page,
  stack,
}) => {
  const sdk = requestsTo(page, WALLET_CONNECT_SDK)
  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: 'Rainbow' })).toBeVisible()
  await expect(
    dialog.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(sdk).toEqual([])

  const fetched = page.waitForRequest(WALLET_CONNECT_SDK)
  await dialog.getByRole('button', { name: /^WalletConnect/ }).hover()
  await fetched
  await dialog.getByRole('button', { name: /^WalletConnect/ }).click()
  await expect(page.getByRole('img', { name: /^QR code to connect/ })).toBeVisible()
})

test('a returning visitor sees the rows kept from the last visit at once, then the revalidated ones', async ({
  page,
  stack,
}) => {
  await page.goto(stack.webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog.getByRole('button', { name: 'Rainbow' })).toBeVisible()

  // The next visit: the server's answer is held, and differs once it comes.
  const held = await holdRecommended(page)
  await page.reload()
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(dialog.getByRole('button', { name: 'Rainbow' })).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveCount(0)

  held.release((body) => {
    const rainbow = body.data.find((wallet) => wallet.name === 'Rainbow')
    if (rainbow) rainbow.name = 'Rainbow (renamed)'
  })
  await expect(dialog.getByRole('button', { name: 'Rainbow (renamed)' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Rainbow', exact: true })).toHaveCount(0)
})
