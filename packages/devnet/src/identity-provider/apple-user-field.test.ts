// The Apple stand-in's form post carries the person's name and e-mail as Apple's JSON `user`
// field on the first consent of a person to the client, and never again; Google's stand-in,
// asked for a form post too, never adds one.
import { createHash, randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningIdentityProvider, startIdentityProvider } from './identity-provider'
import type { StandInName } from './providers'

let idp: RunningIdentityProvider
beforeAll(async () => {
  idp = await startIdentityProvider()
})
afterAll(async () => {
  await idp?.stop()
})

const CALLBACK = 'http://127.0.0.1:9/v1/embedded-wallet/social/callback'

const unescapeHtml = (value: string) =>
  value
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')

/** One fresh browser through login and consent; answers the fields of the form post. */
async function formPostOf(provider: StandInName, person: { name: string; email: string }) {
  const cookies = new Map<string, string>()
  const go = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      ...(form && { method: 'POST', body: new URLSearchParams(form).toString() }),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
  /** Follows redirects from `response` (reached at `at`) to a page; answers it and its URL. */
  const settle = async (response: Response, at: string) => {
    let url = at
    let current = response
    for (let location = current.headers.get('location'); location !== null; ) {
      url = new URL(location, url).href
      current = await go(url)
      location = current.headers.get('location')
    }
    return { url, html: await current.text() }
  }
  const actionOf = (page: { url: string; html: string }) =>
    new URL(unescapeHtml(/action="([^"]+)"/.exec(page.html)?.[1] ?? ''), page.url).href

  const endpoints = idp.providers[provider]
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL(endpoints.authorizationUrl)
  const query = {
    response_type: 'code',
    response_mode: 'form_post',
    client_id: endpoints.clientId,
    redirect_uri: `${CALLBACK}/${provider}`,
    scope: endpoints.scopes.join(' '),
    state: randomBytes(16).toString('hex'),
    nonce: randomBytes(16).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  const login = await settle(await go(url.href), url.href)
  const consent = await settle(await go(actionOf(login), person), actionOf(login))
  const posted = await settle(await go(actionOf(consent), { decision: 'allow' }), actionOf(consent))
  expect(actionOf(posted)).toBe(`${CALLBACK}/${provider}`)
  const fields = new Map<string, string>()
  for (const match of posted.html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g))
    fields.set(match[1] as string, unescapeHtml(match[2] as string))
  expect(fields.get('state')).toBe(query.state)
  expect(fields.get('code')).toEqual(expect.any(String))
  return fields
}

const personNamed = (name: string) => ({
  name,
  email: `${randomBytes(6).toString('hex')}@example.test`,
})

describe("the Apple stand-in's user field", () => {
  it('is posted on the first consent of a person, as Apple shapes it, and not on later ones', async () => {
    const ada = personNamed('Ada King Lovelace')
    const first = await formPostOf('apple', ada)
    expect(JSON.parse(first.get('user') as string)).toEqual({
      name: { firstName: 'Ada', lastName: 'King Lovelace' },
      email: ada.email,
    })
    const again = await formPostOf('apple', ada)
    expect(again.has('user')).toBe(false)
    // Another person's first consent to the same client still gets it.
    const cher = personNamed('Cher')
    const hers = await formPostOf('apple', cher)
    expect(JSON.parse(hers.get('user') as string)).toEqual({
      name: { firstName: 'Cher' },
      email: cher.email,
    })
  })

  it("is not added to another stand-in's form post", async () => {
    const fields = await formPostOf('google', personNamed('Grace Hopper'))
    expect(fields.has('user')).toBe(false)
  })
})
