// One stand-in's OAuth/OpenID provider (oidc-provider): its clients (our server's, and one per
// site registered under the site's name), keys, lifetimes, scopes and accounts; for apple, the
// signed client secret checked as Apple checks it and the `user` field of its first form post.
// identity-provider.ts serves these on one port and draws the login and consent pages.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider'
import { type AppleDevKey, appleSecretRefusal } from './apple-client-secret'
import {
  type StandIn,
  siteClientId,
  standInClientId,
  standInClientSecret,
  type TestPerson,
} from './providers'

export interface StandInSite {
  /** The project the client is for: our server's `PORTICO_SOCIAL_PROJECT_CLIENTS` key. */
  projectId: string
  /** The name the client is registered under, shown on the consent. */
  name: string
}

/** The name our server's client is registered under at each stand-in, shown on the consent. */
const STAND_IN_CLIENT_NAME = 'Portico (local)'

export function createStandIn(
  base: string,
  standIn: StandIn,
  people: Map<string, TestPerson>,
  callbackPath: string,
  appleKey: AppleDevKey,
  sites: readonly StandInSite[],
) {
  const { name } = standIn
  const jwk = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    format: 'jwk',
  })
  const extraScopes = standIn.scopes.filter((s) => !['openid', 'email', 'profile'].includes(s))
  const client = (clientId: string, clientName: string): ClientMetadata => ({
    client_id: clientId,
    client_name: clientName,
    // Apple's client authenticates with a signed JWT (below); oidc-provider still wants a
    // registered secret for client_secret_post, so it gets one nobody knows.
    client_secret:
      name === 'apple' ? randomBytes(32).toString('hex') : standInClientSecret(clientId),
    // Native: a loopback redirect matches on any port.
    application_type: 'native',
    redirect_uris: [`http://127.0.0.1${callbackPath}`, `http://localhost${callbackPath}`],
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: standIn.tokenAuth ?? 'client_secret_post',
  })
  const configuration: Configuration = {
    clients: [
      client(standInClientId(name), STAND_IN_CLIENT_NAME),
      ...sites.map((site) => client(siteClientId(name, site), site.name)),
    ],
    jwks: { keys: [{ ...jwk, kid: `${name}-1`, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    pkce: { required: () => true },
    // Google and Apple put the person's e-mail (and Google the name) in the id token itself.
    conformIdTokenClaims: false,
    // Lifetimes set here so the library does not warn about its defaults (seconds).
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 3600,
      IdToken: 3600,
      AuthorizationCode: 60,
    },
    scopes: ['openid', 'email', 'profile', ...extraScopes],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      name: ['name'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/${name}/interaction/${interaction.uid}` },
    findAccount: (_ctx, accountId) => {
      const person = people.get(`${name}:${accountId}`)
      if (!person) return undefined
      return {
        accountId,
        claims: () => ({
          sub: accountId,
          email: person.email,
          email_verified: true,
          // Apple's id token carries no name.
          ...(name !== 'apple' && { name: person.name }),
        }),
      }
    },
  }
  const issuer = `${base}/${name}`
  const provider = new Provider(issuer, configuration)
  if (name === 'apple') {
    // oidc-provider calls compareClientSecret (for client_secret_post and _basic) once it has
    // found the client: the one place to check the JWT instead of a string; a refusal is its
    // own 401 invalid_client, as Apple answers.
    Object.defineProperty(provider.Client.prototype, 'compareClientSecret', {
      // `this`: the client the token request named; its secret must be signed for it.
      value: async function (this: { clientId: string }, secret: string) {
        const refusal = appleSecretRefusal(
          secret,
          { key: appleKey, clientId: this.clientId, audience: issuer },
          Math.floor(Date.now() / 1000),
        )
        if (refusal !== undefined)
          console.warn(`identity provider: apple client secret: ${refusal}`)
        return refusal === undefined
      },
    })
    postUserOnFirstConsent(provider, people)
  }
  return provider
}

/**
 * Apple posts the person's name (and e-mail) as the JSON `user` field with the first
 * authorization of an app by a person, and never again. oidc-provider's built-in form_post
 * cannot be replaced (registerResponseMode keeps the first one), but it emits
 * authorization.success with the response's fields just before rendering them, so the field
 * is added to those.
 */
function postUserOnFirstConsent(provider: Provider, people: Map<string, TestPerson>): void {
  const answered = new Set<string>()
  provider.on('authorization.success', (ctx, response) => {
    const accountId = ctx.oidc.session?.accountId
    const clientId = ctx.oidc.client?.clientId
    if (!response || ctx.oidc.responseMode !== 'form_post' || !accountId || !clientId) return
    const pair = `${accountId}\n${clientId}`
    if (answered.has(pair)) return
    answered.add(pair)
    const person = people.get(`apple:${accountId}`)
    const scopes = String(ctx.oidc.params?.scope ?? '').split(' ')
    if (!person || !(scopes.includes('name') || scopes.includes('email'))) return
    const [firstName, ...rest] = person.name.split(/\s+/)
    const lastName = rest.join(' ')
    response.user = JSON.stringify({
      ...(scopes.includes('name') && {
        name: { firstName, ...(lastName !== '' && { lastName }) },
      }),
      ...(scopes.includes('email') && { email: person.email }),
    })
  })
}
