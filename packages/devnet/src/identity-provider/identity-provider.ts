// A local identity provider on one HTTP port, standing in for google, apple, x, discord,
// github and facebook under a path prefix each (`/google`, `/github`, ...), each its own
// oidc-provider instance with its own issuer, keys and client, made on its first request.
// PKCE (S256) is required.
// OpenID stand-ins give an id token; the others behave as plain OAuth 2.0 (no openid scope,
// no id token) and answer a user-info endpoint in their provider's shape. Apple's client
// secret is a JWT signed with a key made at start, checked as Apple checks it, and its form
// post carries the person's name in a `user` field on their first consent only, as Apple's does.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type Provider from 'oidc-provider'
import { type AppleDevKey, createAppleDevKey } from './apple-client-secret'
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
import { createStandIn, type StandInSite } from './stand-in-provider'

export type { StandInSite }

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
