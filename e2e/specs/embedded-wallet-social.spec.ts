// Social login into the embedded wallet, as a visitor meets it: Connect's social buttons open a
// popup on the local identity provider (packages/devnet: real OAuth 2.0 / OpenID servers
// standing in for google, x, github...), where a test person logs in and allows or denies; the
// host's own wagmi panel then shows the wallet's address. No backdoor: the same pages a person
// would click.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { DEV_PROJECT } from '@portico/server'
import { connectAtRest } from '../fixtures/dialog-at-rest'
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
  await expect(
    (await connectAtRest(page)).getByRole('list', { name: 'Social logins' }),
  ).toBeVisible()
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
  await expect.poll(() => popup.isClosed(), { timeout: 20_000, intervals: [100] }).toBe(true)
}

/** The handle X, GitHub and Discord give: the stand-ins' (packages/devnet providers.ts). */
const handleOf = (person: Person) =>
  person.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

async function openAccount(page: Page) {
  await page.getByRole('button', { name: /0x/ }).first().click()
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

  // `named`: the name each provider gives for the person typed on its login page. Apple's comes
  // once, in the form post of the first consent; the later login in a fresh browser still shows
  // it, kept by the server.
  for (const { provider, title, named } of [
    { provider: 'google', title: 'Google', named: (p: Person) => p.name },
    { provider: 'x', title: 'X', named: handleOf },
    { provider: 'github', title: 'GitHub', named: handleOf },
    { provider: 'discord', title: 'Discord', named: handleOf },
    { provider: 'apple', title: 'Apple', named: (p: Person) => p.name },
    { provider: 'facebook', title: 'Facebook', named: (p: Person) => p.name },
  ]) {
    test(`logs in with ${title} in a popup, and the same person gets the same address in a fresh browser`, async ({
      page,
      stack,
      browser,
    }) => {
      const person = freshPerson(provider)
      const loggedIn = `Logged in with ${title} as ${named(person)}`
      await openConnect(page, stack.webUrl)
      await expectAccessible(page, 'Connect with the social logins')
      await logInWithPopup(page, title, person)
      const address = await connectedAddress(page)
      expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      // Account says how the wallet was logged in, by the name the provider gave.
      await openAccount(page)
      await expect(dialog(page)).toContainText(loggedIn)
      await expectAccessible(page, `Account after a ${title} login`)
      // The spec's storage key for the social user name is kept by the page (as JSON).
      const storedName = await page.evaluate(() =>
        window.localStorage.getItem('@portico/social_username'),
      )
      expect(JSON.parse(storedName ?? 'null')).toBe(named(person))

      // A reload keeps the login: the frame's session and the provider it came through.
      await page.reload()
      expect(await connectedAddress(page)).toBe(address)
      await openAccount(page)
      await expect(dialog(page)).toContainText(loggedIn)

      const other = await freshContext(browser)
      await openConnect(other.page, stack.webUrl)
      await logInWithPopup(other.page, title, person)
      expect(await connectedAddress(other.page)).toBe(address)
      await openAccount(other.page)
      await expect(dialog(other.page)).toContainText(loggedIn)
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
    // A visitor who lost the popup behind this window brings it back from here (headless
    // windows all have focus, so the focusing itself is checked in the view's unit test).
    await dialog(page).getByRole('button', { name: 'Show the GitHub window' }).click()
    expect(popup.isClosed()).toBe(false)
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

  test('a login link opened in another browser ends on a refusal there, and logs nobody in', async ({
    page,
    stack,
    browser,
  }) => {
    // The attacker starts a Google login on the site and takes the provider's link that the
    // popup was sent to, then gets a victim to open it in the victim's own browser.
    await openConnect(page, stack.webUrl)
    const linkTaken = page
      .context()
      .waitForEvent('request', (request) => /[?&]code_challenge=/.test(request.url()))
    const popupOpened = page.waitForEvent('popup')
    await dialog(page).getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupOpened
    const loginLink = (await linkTaken).url()
    await expect(popup.getByRole('heading', { name: 'Sign in to google' })).toBeVisible()

    const victim = await freshContext(browser)
    await victim.page.goto(loginLink)
    const someone = freshPerson('victim')
    await victim.page.getByLabel('Name').fill(someone.name)
    await victim.page.getByLabel('E-mail').fill(someone.email)
    await victim.page.getByRole('button', { name: 'Sign in' }).click()
    // The consent names the site that asks (the dev project's own client at the provider,
    // registered under the project's name) and where the browser goes back to.
    await expect(
      victim.page.getByRole('heading', { name: `Sign in to ${DEV_PROJECT.name}?` }),
    ).toBeVisible()
    await expect(victim.page.getByText(`go back to ${new URL(stack.apiUrl).host}`)).toBeVisible()
    await victim.page.getByRole('button', { name: 'Allow' }).click()
    await expect(victim.page.getByRole('heading', { name: 'Login failed' })).toBeVisible()
    await expect(victim.page.getByText('This login was started in another browser')).toBeVisible()
    // The victim's browser was never sent back to the site with a result.
    expect(new URL(victim.page.url()).origin).toBe(new URL(stack.apiUrl).origin)
    await expectAccessible(victim.page, 'the refusal of a login begun elsewhere')
    await victim.context.close()

    // The attacker's page is still waiting, logged in as nobody.
    await expect(dialog(page)).toContainText('Continue in the Google window')
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await popup.close()
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
