// A local identity provider on one HTTP port, standing in for google, apple, x, discord,
// github and facebook under a path prefix each (`/google`, `/github`, ...), each its own
// oidc-provider instance with its own issuer, keys and client, made on its first request.
// PKCE (S256) is required.
// OpenID stand-ins give an id token; the others behave as plain OAuth 2.0 (no openid scope,
// no id token) and answer a user-info endpoint in their provider's shape. Apple's client
// secret is a JWT signed with a key made at start, checked as Apple checks it, and its form
// post carries the person's name in a `user` field on their first consent only, as Apple's does.
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider'
import { type AppleDevKey, appleSecretRefusal, createAppleDevKey } from './apple-client-secret'
import { consentPage, loginPage } from './pages'
import {
  STAND_INS,
  type StandIn,
  type StandInName,
  siteClientId,
  standInClientId,
  standInClientSecret,
  subjectOf,
  type TestPerson,
} from './providers'

export interface IdentityProviderOptions {
  port?: number
  host?: string
  /**
   * The callback paths clients may come back to. On 127.0.0.1 / localhost any port matches
   * (loopback redirects, RFC 8252), so the server's port need not be known in advance.
   * Default: our server's `/v1/embedded-wallet/social/callback/<provider>`.
   */
  callbackPath?: (provider: StandInName) => string
  /**
   * Sites (projects) that have a client of their own at every stand-in, registered under the
   * site's name as an operator registers one per site at Google and the others: the consent of
   * a login with that client names the site.
   */
  sites?: readonly StandInSite[]
}

export interface StandInSite {
  /** The project the client is for: our server's `PORTICO_SOCIAL_PROJECT_CLIENTS` key. */
  projectId: string
  /** The name the client is registered under, shown on the consent. */
  name: string
}

/** A client's credentials at one stand-in (apple's secret is signed with the provider's key). */
export interface StandInClient {
  clientId: string
  clientSecret?: string
}

export interface StandInEndpoints {
  issuer: string
  clientId: string
  /** Absent for apple: its client secret is a JWT signed with `appleKey`. */
  clientSecret?: string
  /** Apple's: the team, key id and private key our server signs its client secret with. */
  appleKey?: Omit<AppleDevKey, 'publicKey'>
  authorizationUrl: string
  tokenUrl: string
  /** OpenID stand-ins: the JWKS the id token is signed with. */
  jwksUrl?: string
  /** Plain OAuth 2.0 stand-ins: where the access token reads the person. */
  userInfoUrl?: string
  scopes: readonly string[]
}

export interface RunningIdentityProvider {
  /** e.g. http://127.0.0.1:9090 (each provider under /<name>) */
  url: string
  providers: Record<StandInName, StandInEndpoints>
  /** Each site's own client at each stand-in, by project id. */
  siteClients: Record<string, Record<StandInName, StandInClient>>
  stop(): Promise<void>
}

const DEFAULT_CALLBACK = (name: StandInName) => `/v1/embedded-wallet/social/callback/${name}`
const MAX_FORM_BYTES = 4096
/** The name our server's client is registered under at each stand-in, shown on the consent. */
const STAND_IN_CLIENT_NAME = 'Portico (local)'
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      body += chunk
      if (body.length > MAX_FORM_BYTES) req.destroy(new Error('form too large'))
    })
    req.on('end', () => resolve(new URLSearchParams(body)))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
  res.end(body)
}

function createStandIn(
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

export async function startIdentityProvider(
  options: IdentityProviderOptions = {},
): Promise<RunningIdentityProvider> {
  const host = options.host ?? '127.0.0.1'
  const callbackPath = options.callbackPath ?? DEFAULT_CALLBACK
  const people = new Map<string, TestPerson>()
  const sites = options.sites ?? []
  const appleKey = createAppleDevKey()
  let base = ''
  // Each stand-in is made on the first request to it: making one costs an RSA key (about 0.2 s
  // of CPU), and most users of this provider go through one or two of the six.
  const oidc = new Map<StandInName, Provider>()
  const standInProvider = (standIn: StandIn): Provider => {
    let provider = oidc.get(standIn.name)
    if (!provider) {
      const path = callbackPath(standIn.name)
      provider = createStandIn(base, standIn, people, path, appleKey, sites)
      oidc.set(standIn.name, provider)
    }
    return provider
  }

  const handleInteraction = async (
    provider: Provider,
    standIn: StandIn,
    uid: string,
    step: string | undefined,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const details = await provider.interactionDetails(req, res)
    if (details.uid !== uid) return send(res, 400, 'text/plain', 'Unknown interaction')
    const { prompt, params } = details
    const action = `/${standIn.name}/interaction/${uid}/${prompt.name}`
    if (req.method === 'GET' && step === undefined) {
      const client = await provider.Client.find(String(params.client_id))
      const html =
        prompt.name === 'login'
          ? loginPage(standIn.name, action)
          : consentPage(
              standIn.name,
              {
                // The name the requesting client is registered under, as the real ones show.
                name: client?.clientName ?? String(params.client_id),
                returnsTo: URL.canParse(String(params.redirect_uri))
                  ? new URL(String(params.redirect_uri)).host
                  : String(params.redirect_uri),
              },
              String(params.scope ?? '').split(' '),
              action,
            )
      return send(res, 200, 'text/html; charset=utf-8', html)
    }
    if (req.method !== 'POST' || step !== prompt.name)
      return send(res, 400, 'text/plain', 'Bad step')
    const form = await readForm(req)
    if (prompt.name === 'login') {
      const personName = (form.get('name') ?? '').trim()
      const email = (form.get('email') ?? '').trim().toLowerCase()
      if (
        personName === '' ||
        personName.length > 100 ||
        !EMAIL.test(email) ||
        email.length > 254
      ) {
        return send(
          res,
          400,
          'text/html; charset=utf-8',
          loginPage(standIn.name, action, 'Type a name and an e-mail address.'),
        )
      }
      const accountId = subjectOf(standIn.name, email)
      people.set(`${standIn.name}:${accountId}`, { name: personName, email })
      return provider.interactionFinished(
        req,
        res,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      )
    }
    if (form.get('decision') !== 'allow') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person denied the request' },
        { mergeWithLastSubmission: false },
      )
    }
    const accountId = details.session?.accountId
    if (!accountId) return send(res, 400, 'text/plain', 'Not signed in')
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId, clientId: String(params.client_id) })
    if (!grant) return send(res, 400, 'text/plain', 'Unknown grant')
    const missing = prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] }
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '))
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims)
    const grantId = await grant.save()
    return provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    )
  }

  const handleUserInfo = async (
    provider: Provider,
    standIn: StandIn,
    req: IncomingMessage,
    res: ServerResponse,
  ) => {
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1]
    const found = token ? await provider.AccessToken.find(token) : undefined
    const person = found?.accountId ? people.get(`${standIn.name}:${found.accountId}`) : undefined
    if (!found?.accountId || !person || !standIn.userInfo) {
      return send(res, 401, 'application/json', JSON.stringify({ message: 'Bad credentials' }))
    }
    return send(
      res,
      200,
      'application/json',
      JSON.stringify(standIn.userInfo(found.accountId, person)),
    )
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp.local')
    const [, first, ...rest] = url.pathname.split('/')
    const standIn = STAND_INS.find((s) => s.name === first)
    const provider = standIn && standInProvider(standIn)
    if (!standIn || !provider) {
      const links = STAND_INS.map(
        (s) => `<li>${s.name}: /${s.name}/.well-known/openid-configuration</li>`,
      )
      return send(
        res,
        url.pathname === '/' ? 200 : 404,
        'text/html; charset=utf-8',
        `<!doctype html><title>Local identity provider</title><h1>Local identity provider</h1><ul>${links.join('')}</ul>`,
      )
    }
    const inner = `/${rest.join('/')}`
    const done = (error: unknown) => {
      // oidc-provider's own refusals (an expired interaction, no session cookie) carry a 4xx.
      const status = (error as { statusCode?: number }).statusCode ?? 500
      const detail = (error as { error_description?: string }).error_description
      if (!res.headersSent) send(res, status, 'text/plain', detail ?? 'Identity provider error')
      else res.end()
      if (status >= 500) console.error('identity provider:', error)
    }
    if (inner.startsWith('/interaction/')) {
      const [, , uid, step] = inner.split('/')
      handleInteraction(provider, standIn, uid ?? '', step, req, res).catch(done)
      return
    }
    if (standIn.userInfoPath && inner === standIn.userInfoPath && req.method === 'GET') {
      handleUserInfo(provider, standIn, req, res).catch(done)
      return
    }
    // oidc-provider finds its mount path from originalUrl minus url (as under express).
    Object.assign(req, { originalUrl: req.url })
    req.url = `${inner}${url.search}`
    provider.callback()(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  base = `http://${host}:${(server.address() as AddressInfo).port}`
  const providers = Object.fromEntries(
    STAND_INS.map((s) => {
      const prefix = `${base}/${s.name}`
      const endpoints: StandInEndpoints = {
        issuer: prefix,
        clientId: standInClientId(s.name),
        ...(s.name === 'apple'
          ? {
              appleKey: {
                teamId: appleKey.teamId,
                keyId: appleKey.keyId,
                privateKeyPem: appleKey.privateKeyPem,
              },
            }
          : { clientSecret: standInClientSecret(standInClientId(s.name)) }),
        authorizationUrl: `${prefix}/auth`,
        tokenUrl: `${prefix}/token`,
        ...(s.openId
          ? { jwksUrl: `${prefix}/jwks` }
          : { userInfoUrl: `${prefix}${s.userInfoPath}` }),
        scopes: s.scopes,
      }
      return [s.name, endpoints]
    }),
  ) as Record<StandInName, StandInEndpoints>
  const siteClients = Object.fromEntries(
    sites.map((site) => [
      site.projectId,
      Object.fromEntries(
        STAND_INS.map((s) => {
          const clientId = siteClientId(s.name, site)
          const credentials: StandInClient =
            s.name === 'apple'
              ? { clientId }
              : { clientId, clientSecret: standInClientSecret(clientId) }
          return [s.name, credentials]
        }),
      ) as Record<StandInName, StandInClient>,
    ]),
  )
  return {
    url: base,
    providers,
    siteClients,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
