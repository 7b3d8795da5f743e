// A visitor's connect reaches our server as tracked events, sent by the browser itself
// (navigator.sendBeacon) when the page hides; the page before any click asks nothing of it.
import { expect, test } from '../fixtures/test'
import { TEST_WALLET_INFO } from '../fixtures/test-wallet'

const EVENTS_PATH = '/analytics/v1/events'

test('the connect is sent as tracked events when the page hides, none before the first click', async ({
  page,
  stack,
  wallet,
}) => {
  const analyticsCalls: string[] = []
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname
    if (path === EVENTS_PATH || path === '/getAnalyticsConfig') analyticsCalls.push(path)
  })
  await page.goto(stack.webUrl)
  await expect(page.getByRole('button', { name: 'Connect Wallet' })).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(analyticsCalls).toEqual([])

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await page.getByRole('button', { name: new RegExp(TEST_WALLET_INFO.name) }).click()
  await expect(page.getByTestId('host-address')).toHaveText(wallet.account.address)

  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === EVENTS_PATH)
  // The visitor switches tabs: the page hides, and what is queued leaves at once.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
    document.dispatchEvent(new Event('visibilitychange'))
  })
  const request = await sent
  expect(request.method()).toBe('POST')
  // A beacon, not a fetch: it outlives the page.
  expect(request.resourceType()).toBe('ping')
  const batch = JSON.parse(request.postData() ?? '{}') as {
    events: Array<{ event: string; properties: Record<string, unknown> }>
  }
  expect(batch.events.map((entry) => entry.event)).toEqual(
    expect.arrayContaining(['MODAL_OPEN', 'SELECT_WALLET', 'CONNECT_SUCCESS']),
  )
  expect(batch.events.find((entry) => entry.event === 'CONNECT_SUCCESS')?.properties).toEqual({
    network: 'eip155:1',
    isSmartAccount: false,
    method: 'browser',
    wallet: TEST_WALLET_INFO.name,
  })
  // The server took it (a beacon's answer has no body the page could read).
  expect((await request.response())?.status()).toBe(202)
})
