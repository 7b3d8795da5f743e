// Social login into the embedded wallet, as a visitor meets it: Connect's social buttons open a
// popup on the local identity provider (packages/devnet: real OAuth 2.0 / OpenID servers
// standing in for google, x, github...), where a test person logs in and allows or denies; the
// host's own wagmi panel then shows the wallet's address. No backdoor: the same pages a person
// would click.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, expectAccessible, test } from '../fixtures/test'

const dialog = (page: Page) => page.getByRole('dialog')

interface Person {
  name: string
  email: string
}

function freshPerson(label: string): Person {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
  return { name: `${label} ${tag}`, email: `${label.toLowerCase()}-${tag}@example.test` }
}

async function openConnect(page: Page, url: string) {
  await page.goto(url)
  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(dialog(page).getByRole('list', { name: 'Social logins' })).toBeVisible()
}

/** The provider's login and consent pages, wherever they are shown (popup or this tab). */
async function throughProvider(page: Page, person: Person, decision: 'Allow' | 'Deny') {
  await page.getByLabel('Name').fill(person.name)
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByRole('button', { name: decision }).click()
}

/** Picks `title` on Connect and goes through the popup as `person`. */
async function logInWithPopup(
  page: Page,
  title: string,
  person: Person,
  decision: 'Allow' | 'Deny' = 'Allow',
) {
  const popupOpened = page.waitForEvent('popup')
  await dialog(page)
    .getByRole('button', { name: `Continue with ${title}` })
    .click()
  const popup = await popupOpened
  await expect(dialog(page)).toContainText(`Continue in the ${title} window`)
  await throughProvider(popup, person, decision)
  // Polled, not awaited as an event: the popup may close while the consent click is still
  // settling, before a listener for its 'close' would be in place (seen on a loaded machine).
  await expect.poll(() => popup.isClosed(), { timeout: 20_000 }).toBe(true)
}

async function connectedAddress(page: Page): Promise<string> {
  await expect(page.getByTestId('host-status')).toHaveText('connected', { timeout: 30_000 })
  return (await page.getByTestId('host-address').textContent()) as string
}

async function freshContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  return { context, page: await context.newPage() }
}

test.describe('the embedded wallet with social login', () => {
  test.describe.configure({ timeout: 180_000 })

  // Apple's id token carries no name, and the name Apple posts once with the first consent (its
  // `user` field) is not read by the server yet: its login shows no name.
  for (const { provider, title, named } of [
    { provider: 'google', title: 'Google', named: true },
    { provider: 'x', title: 'X', named: true },
    { provider: 'github', title: 'GitHub', named: true },
    { provider: 'discord', title: 'Discord', named: true },
    { provider: 'apple', title: 'Apple', named: false },
    { provider: 'facebook', title: 'Facebook', named: true },
  ]) {
    test(`logs in with ${title} in a popup, and the same person gets the same address in a fresh browser`, async ({
      page,
      stack,
      browser,
    }) => {
      const person = freshPerson(provider)
      await openConnect(page, stack.webUrl)
      await expectAccessible(page, 'Connect with the social logins')
      await logInWithPopup(page, title, person)
      const address = await connectedAddress(page)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      // Account says how the wallet was logged in, by the name the provider gave.
      await page.getByRole('button', { name: /0x/ }).first().click()
      if (named) await expect(dialog(page)).toContainText(`Logged in with ${title} as `)
      else {
        await expect(dialog(page)).toContainText(`Logged in with ${title}`)
        await expect(dialog(page)).not.toContainText(`Logged in with ${title} as `)
      }
      await expectAccessible(page, `Account after a ${title} login`)
      // The spec's storage key for the social user name is kept by the page, when there is one.
      const storedName = await page.evaluate(() =>
        window.localStorage.getItem('@portico/social_username'),
      )
      if (named) expect(storedName).not.toBeNull()
      else expect(storedName).toBeNull()

      // A reload keeps the login: the frame's session and the provider it came through.
      await page.reload()
      expect(await connectedAddress(page)).toBe(address)

      const other = await freshContext(browser)
      await openConnect(other.page, stack.webUrl)
      await logInWithPopup(other.page, title, person)
      expect(await connectedAddress(other.page)).toBe(address)
      await other.context.close()
    })
  }

  test('shows where to continue while the popup is open, accessibly', async ({ page, stack }) => {
    await openConnect(page, stack.webUrl)
    const popupOpened = page.waitForEvent('popup')
    await dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click()
    const popup = await popupOpened
    await expect(dialog(page)).toContainText('Continue in the GitHub window')
    await expectAccessible(page, 'ConnectingSocial')
    // Closing the popup without logging in is a cancel: back to Connect, saying so.
    await popup.close()
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'The GitHub login was cancelled. Choose another way to connect.',
    )
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
  })

  test('denying the consent returns to Connect with a clear message', async ({ page, stack }) => {
    await openConnect(page, stack.webUrl)
    await logInWithPopup(page, 'X', freshPerson('denier'), 'Deny')
    await expect(dialog(page).getByRole('alert')).toHaveText(
      'The X login was cancelled. Choose another way to connect.',
    )
    await expect(dialog(page).getByRole('list', { name: 'Social logins' })).toBeVisible()
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await expectAccessible(page, 'Connect after a denied social login')
  })

  test('falls back to a full-page redirect when the popup is blocked', async ({ page, stack }) => {
    // A popup blocker: window.open gives nothing.
    await page.addInitScript(() => {
      window.open = () => null
    })
    const person = freshPerson('redirected')
    await openConnect(page, stack.webUrl)
    await dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to github' })).toBeVisible({
      timeout: 20_000,
    })
    await throughProvider(page, person, 'Allow')
    const address = await connectedAddress(page)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The result is taken out of the address bar once used.
    expect(new URL(page.url()).search).not.toMatch(/resultCode|portico_social/)
  })
})
