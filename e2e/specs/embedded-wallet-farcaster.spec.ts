// Sign In With Farcaster into the embedded wallet, as a visitor meets it: Connect, Farcaster, the
// QR code's link approved in apps/wallet acting as the visitor's Farcaster app (fid 1, custody
// dev account 2 on the devnet's IdRegistry), and the host's wagmi panel shows the wallet. The
// server checks the signed message against the chain; nothing here reaches past the pages. The
// link carries the channel token, so a stranger who reads it is tried too: it redeems nothing.
import type { Browser, Page } from '@playwright/test'
import { DEV_PROJECT_ID } from '@portico/server'
import type { Address } from 'viem'
import { connectAtRest } from '../fixtures/dialog-at-rest'
import { expect, expectAccessible, test } from '../fixtures/test'
import { openWalletApp } from '../fixtures/wallet-app'

const dialog = (page: Page) => page.getByRole('dialog')

/** Connect, then Farcaster: the view's link once the channel is made. */
async function openFarcasterLink(page: Page, webUrl: string): Promise<string> {
  await page.goto(webUrl)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await (await connectAtRest(page)).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Farcaster' })).toBeVisible()
  await expect(
    dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
  ).toBeVisible({ timeout: 20_000 })
  const link = await dialog(page).getByRole('textbox', { name: 'Farcaster link' }).inputValue()
  expect(
    await dialog(page).getByRole('link', { name: 'Open in Farcaster' }).getAttribute('href'),
  ).toBe(link)
  return link
}

const request = (phone: Page) => phone.getByRole('region', { name: 'Farcaster sign-in request' })

/** apps/wallet shows what the link asks (domain, nonce, fid) and approves it. */
async function approveOnPhone(phone: Page, link: string, webUrl: string): Promise<void> {
  const asked = new URL(link).searchParams
  const card = request(phone)
  await expect(card).toBeVisible()
  await expect(card.getByRole('definition').nth(0)).toHaveText(new URL(webUrl).host)
  await expect(card.getByRole('definition').nth(2)).toHaveText(asked.get('nonce') as string)
  await expect(card.getByRole('definition').nth(3)).toHaveText('1')
  await card.getByRole('button', { name: 'Approve' }).click()
  await expect(phone.getByText(`Signed in to ${new URL(webUrl).host} as fid 1.`)).toBeVisible({
    timeout: 15_000,
  })
  await expect(request(phone)).toHaveCount(0)
}

async function connectedAddress(page: Page): Promise<Address> {
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
  await expect(dialog(page)).toBeHidden()
  return (await page.getByTestId('host-address').textContent()) as Address
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

test.describe('the embedded wallet with Sign In With Farcaster', () => {
  test.describe.configure({ timeout: 180_000 })

  test('a QR link approved in the Farcaster app connects; the same fid in another browser is the same wallet', async ({
    page,
    stack,
    browser,
  }) => {
    const link = await openFarcasterLink(page, stack.webUrl)
    await expectAccessible(page, 'ConnectingFarcaster')

    // The phone: the link pasted into the Farcaster client's field.
    const phone = await newPage(browser)
    await openWalletApp(phone, stack.walletUrl)
    await phone.getByRole('textbox', { name: 'Farcaster sign-in link' }).fill(link)
    await phone.getByRole('button', { name: 'Open link' }).click()
    await approveOnPhone(phone, link, stack.webUrl)
    const address = await connectedAddress(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // Account says how the wallet was logged in, by the fid's username.
    await page.getByRole('button', { name: /0x/ }).first().click()
    await expect(dialog(page)).toContainText('Logged in with Farcaster as portico-dev')

    // Another browser, a new channel, the link opened as a scanned QR code opens the app.
    const other = await newPage(browser)
    const second = await openFarcasterLink(other, stack.webUrl)
    expect(second).not.toBe(link)
    const url = new URL(stack.walletUrl)
    url.searchParams.set('farcasterUrl', second)
    await phone.goto(url.toString())
    await approveOnPhone(phone, second, stack.webUrl)
    expect(await connectedAddress(other)).toBe(address)

    // A link already redeemed is gone from the relay, and the phone says so.
    await phone.getByRole('textbox', { name: 'Farcaster sign-in link' }).fill(second)
    await phone.getByRole('button', { name: 'Open link' }).click()
    await request(phone).getByRole('button', { name: 'Approve' }).click()
    await expect(phone.getByRole('region', { name: 'Farcaster' }).getByRole('alert')).toHaveText(
      'Unknown or expired channel: start a new sign-in',
    )
    await other.context().close()
    await phone.context().close()
  })

  test('leaving the view and coming back makes a new request; a refused key leaves the visitor waiting', async ({
    page,
    stack,
    browser,
  }) => {
    const first = await openFarcasterLink(page, stack.webUrl)
    await dialog(page).getByRole('button', { name: 'Back' }).click()
    await (await connectAtRest(page))
      .getByRole('button', { name: 'Continue with Farcaster' })
      .click()
    await expect(
      dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
    ).toBeVisible({ timeout: 20_000 })
    const link = await dialog(page).getByRole('textbox', { name: 'Farcaster link' }).inputValue()
    expect(link).not.toBe(first)

    // Dev account 3 holds no fid: the relay refuses its signature for fid 1.
    const phone = await newPage(browser)
    const url = new URL(stack.walletUrl)
    url.searchParams.set('fidAccount', '3')
    url.searchParams.set('farcasterUrl', link)
    await phone.goto(url.toString())
    await request(phone).getByRole('button', { name: 'Approve' }).click()
    await expect(phone.getByRole('region', { name: 'Farcaster' }).getByRole('alert')).toHaveText(
      'Invalid Farcaster sign-in: the account is not the custody address of fid 1',
    )
    await expect(
      dialog(page).getByRole('img', { name: 'QR code to sign in with Farcaster' }),
    ).toBeVisible()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await phone.context().close()
  })

  test('a second browser that knows the link cannot redeem the sign-in, and the visitor who began it is connected', async ({
    page,
    stack,
    browser,
  }) => {
    const link = await openFarcasterLink(page, stack.webUrl)
    const channelToken = new URL(link).searchParams.get('channelToken') as string
    expect(channelToken).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // The stranger: another browser on the same site, its own Farcaster view (so its frame has
    // begun a sign-in of its own), and the visitor's link, read over a shoulder or from a log.
    const stranger = await newPage(browser)
    await openFarcasterLink(stranger, stack.webUrl)

    // The visitor's frame redeems once the phone has signed; it is held until the stranger has
    // tried, so the stranger goes first and the visitor's channel is still there to take.
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    let reached: () => void = () => undefined
    const redeemAsked = new Promise<void>((resolve) => {
      reached = resolve
    })
    await page.context().route('**/v1/embedded-wallet/farcaster/login**', async (route) => {
      reached()
      await held
      await route.continue()
    })

    const phone = await newPage(browser)
    await openWalletApp(phone, stack.walletUrl)
    await phone.getByRole('textbox', { name: 'Farcaster sign-in link' }).fill(link)
    await phone.getByRole('button', { name: 'Open link' }).click()
    await approveOnPhone(phone, link, stack.webUrl)
    await redeemAsked

    // Straight at the server, as a script outside any browser: the token alone, then with a
    // secret of its own making.
    const login = `${stack.apiUrl}/v1/embedded-wallet/farcaster/login?projectId=${DEV_PROJECT_ID}`
    const tokenAlone = await stranger.request.post(login, { data: { channelToken } })
    expect(tokenAlone.status()).toBe(400)
    const guessed = await stranger.request.post(login, {
      data: { channelToken, redeemSecret: 'A'.repeat(43) },
    })
    expect(guessed.status()).toBe(403)
    expect((await guessed.json()).error.message).toBe(
      'This sign-in can only be finished in the browser that started it',
    )
    // Through the stranger's own wallet frame, as its page's script asks it.
    const framed = await stranger.evaluate(async (token) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Embedded wallet"]')
      if (!frame?.contentWindow) return 'no frame'
      const frameOrigin = new URL(frame.src).origin
      const id = 'stolen-channel'
      const answer = new Promise<string>((resolve) => {
        addEventListener('message', (event) => {
          if (event.origin !== frameOrigin || event.data?.id !== id) return
          resolve(`${event.data.type}: ${event.data.payload?.message ?? ''}`)
        })
      })
      frame.contentWindow.postMessage(
        { type: 'CONNECT_FARCASTER', id, payload: { channelToken: token } },
        frameOrigin,
      )
      return answer
    }, channelToken)
    expect(framed).toBe(
      'CONNECT_FARCASTER_ERROR: This sign-in can only be finished in the browser that started it',
    )
    await expect(stranger.getByTestId('host-status')).toHaveText('disconnected')

    release()
    expect(await connectedAddress(page)).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await stranger.context().close()
    await phone.context().close()
  })
})
