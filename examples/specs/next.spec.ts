import { connectTestWallet, examples, expect, test, watchProblems } from '../fixtures'

test.describe('examples/next, built from the packed packages', () => {
  test('renders the button and the app’s status on the server', async ({ request }) => {
    const response = await request.get(examples.nextUrl())
    expect(response.ok()).toBe(true)
    const html = await response.text()
    expect(html).toMatch(/<button[^>]*>(<[^>]+>)*Connect Wallet/)
    expect(html).toMatch(/data-testid="host-status"[^>]*>disconnected</)
  })

  test('hydrates without a warning, then connects the injected wallet', async ({
    page,
    wallet,
  }) => {
    const problems = watchProblems(page)
    await page.goto(examples.nextUrl())
    await expect(page.getByTestId('host-status')).toHaveText('disconnected')
    await connectTestWallet(page, wallet)
    // A hydration mismatch in a production build is a console error (React's minified #418).
    expect(problems, 'page errors, console errors and warnings').toEqual([])
  })
})
