// Social login settings from the environment: for each provider a client id and secret
// (a provider without both is off; Apple's secret is signed from its key, apple-signing-config), and its endpoints when they are not the real provider's
// (the local identity provider in dev and tests). Every name is spelled out so the README's
// environment table can be checked against it.
import { SOCIAL_PROVIDERS, type SocialProvider } from '@portico/protocol/social-login'
import { appleClientSecret } from './apple-client-secret'
import { readAppleSigningKey } from './apple-signing-config'
import { type ProviderDefaults, SOCIAL_PROVIDER_DEFAULTS } from './social-providers'

export interface SocialProviderConfig extends ProviderDefaults {
  clientId: string
  /** The secret presented at the token URL at `now` (ms): fixed, or Apple's signed JWT. */
  clientSecret: (now: number) => Promise<string>
}

type ProviderConfigs = Partial<Record<SocialProvider, SocialProviderConfig>>

export interface SocialLoginConfig {
  /** The server-wide clients: a project without a client of its own logs in with these. */
  providers: ProviderConfigs
  /**
   * Projects' own clients, by project id: registered by the operator under the site's name, so
   * the provider's consent names the site. Same endpoints as the server-wide provider.
   */
  projectClients: Record<string, ProviderConfigs>
  /** Where providers send the browser back: `<base>/v1/embedded-wallet/social/callback/<p>`; unset: the asking request's own origin. */
  callbackBaseUrl: string | undefined
}

type Field =
  | 'clientId'
  | 'clientSecret'
  | 'authorizationUrl'
  | 'tokenUrl'
  | 'issuer'
  | 'jwksUrl'
  | 'userInfoUrl'

/** The variable of each field, per provider (the ones a provider does not use are absent). */
const NAMES: Record<SocialProvider, Partial<Record<Field, string>>> = {
  google: {
    clientId: 'PORTICO_SOCIAL_GOOGLE_CLIENT_ID',
    clientSecret: 'PORTICO_SOCIAL_GOOGLE_CLIENT_SECRET',
    authorizationUrl: 'PORTICO_SOCIAL_GOOGLE_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_GOOGLE_TOKEN_URL',
    issuer: 'PORTICO_SOCIAL_GOOGLE_ISSUER',
    jwksUrl: 'PORTICO_SOCIAL_GOOGLE_JWKS_URL',
  },
  apple: {
    clientId: 'PORTICO_SOCIAL_APPLE_CLIENT_ID',
    authorizationUrl: 'PORTICO_SOCIAL_APPLE_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_APPLE_TOKEN_URL',
    issuer: 'PORTICO_SOCIAL_APPLE_ISSUER',
    jwksUrl: 'PORTICO_SOCIAL_APPLE_JWKS_URL',
  },
  x: {
    clientId: 'PORTICO_SOCIAL_X_CLIENT_ID',
    clientSecret: 'PORTICO_SOCIAL_X_CLIENT_SECRET',
    authorizationUrl: 'PORTICO_SOCIAL_X_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_X_TOKEN_URL',
    userInfoUrl: 'PORTICO_SOCIAL_X_USERINFO_URL',
  },
  discord: {
    clientId: 'PORTICO_SOCIAL_DISCORD_CLIENT_ID',
    clientSecret: 'PORTICO_SOCIAL_DISCORD_CLIENT_SECRET',
    authorizationUrl: 'PORTICO_SOCIAL_DISCORD_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_DISCORD_TOKEN_URL',
    userInfoUrl: 'PORTICO_SOCIAL_DISCORD_USERINFO_URL',
  },
  github: {
    clientId: 'PORTICO_SOCIAL_GITHUB_CLIENT_ID',
    clientSecret: 'PORTICO_SOCIAL_GITHUB_CLIENT_SECRET',
    authorizationUrl: 'PORTICO_SOCIAL_GITHUB_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_GITHUB_TOKEN_URL',
    userInfoUrl: 'PORTICO_SOCIAL_GITHUB_USERINFO_URL',
  },
  facebook: {
    clientId: 'PORTICO_SOCIAL_FACEBOOK_CLIENT_ID',
    clientSecret: 'PORTICO_SOCIAL_FACEBOOK_CLIENT_SECRET',
    authorizationUrl: 'PORTICO_SOCIAL_FACEBOOK_AUTHORIZATION_URL',
    tokenUrl: 'PORTICO_SOCIAL_FACEBOOK_TOKEN_URL',
    userInfoUrl: 'PORTICO_SOCIAL_FACEBOOK_USERINFO_URL',
  },
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function httpUrl(name: string, value: string): string {
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) {
    throw new RangeError(`${name} must be an http(s) URL`)
  }
  return value
}

const PROJECT_CLIENTS = 'PORTICO_SOCIAL_PROJECT_CLIENTS'
const PROJECT_ID = /^[0-9a-f]{32}$/

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const isProvider = (name: string): name is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly string[]).includes(name)

/** A client id or secret from the JSON: a non-empty string without spaces at its ends. */
function credential(value: unknown, where: string): string {
  if (typeof value !== 'string' || value.trim() === '' || value.trim() !== value)
    throw new RangeError(`${PROJECT_CLIENTS}: ${where} must be a non-empty string`)
  return value
}

/**
 * `{"<project id>": {"<provider>": {"clientId": "...", "clientSecret": "..."}}}`; Apple's
 * clients have no secret (it is signed with the server's Apple key, which must be set).
 */
function readProjectClients(
  env: NodeJS.ProcessEnv,
  endpoints: Record<SocialProvider, ProviderDefaults>,
  appleKey: ReturnType<typeof readAppleSigningKey>,
): Record<string, ProviderConfigs> {
  const text = nonEmpty(env[PROJECT_CLIENTS])
  if (text === undefined) return {}
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new RangeError(`${PROJECT_CLIENTS} must be JSON`)
  }
  if (!isRecord(parsed)) throw new RangeError(`${PROJECT_CLIENTS} must be an object by project id`)
  const projects: Record<string, ProviderConfigs> = {}
  for (const [projectId, clients] of Object.entries(parsed)) {
    if (!PROJECT_ID.test(projectId))
      throw new RangeError(`${PROJECT_CLIENTS}: ${projectId} is not a project id`)
    if (!isRecord(clients))
      throw new RangeError(`${PROJECT_CLIENTS}: ${projectId} must be an object by provider`)
    const configs: ProviderConfigs = {}
    for (const [provider, client] of Object.entries(clients)) {
      const where = `${projectId}.${provider}`
      if (!isProvider(provider))
        throw new RangeError(`${PROJECT_CLIENTS}: ${provider} is not a provider`)
      if (!isRecord(client)) throw new RangeError(`${PROJECT_CLIENTS}: ${where} must be an object`)
      const clientId = credential(client.clientId, `${where}.clientId`)
      const defaults = endpoints[provider]
      if (provider === 'apple') {
        if (client.clientSecret !== undefined || !appleKey)
          throw new RangeError(
            `${PROJECT_CLIENTS}: ${where} has no clientSecret; it is signed with the Apple key, which must be set`,
          )
        configs.apple = {
          ...defaults,
          clientId,
          clientSecret: appleClientSecret(appleKey, clientId, defaults.issuer as string),
        }
      } else {
        const secret = credential(client.clientSecret, `${where}.clientSecret`)
        configs[provider] = { ...defaults, clientId, clientSecret: async () => secret }
      }
    }
    projects[projectId] = configs
  }
  return projects
}

/** Throws RangeError on a bad value (loadConfig turns it into a ConfigError). */
export function readSocialLoginConfig(env: NodeJS.ProcessEnv): SocialLoginConfig {
  const providers: ProviderConfigs = {}
  const endpoints = { ...SOCIAL_PROVIDER_DEFAULTS }
  let appleSigningKey: ReturnType<typeof readAppleSigningKey>
  for (const provider of SOCIAL_PROVIDERS) {
    const names = NAMES[provider]
    const read = (field: Field) => {
      const name = names[field]
      return name === undefined ? undefined : nonEmpty(env[name])
    }
    const clientId = read('clientId')
    const appleKey = provider === 'apple' ? readAppleSigningKey(env) : undefined
    const fixedSecret = read('clientSecret')
    const urls: Partial<Record<Field, string>> = {}
    for (const field of [
      'authorizationUrl',
      'tokenUrl',
      'issuer',
      'jwksUrl',
      'userInfoUrl',
    ] as const) {
      const value = read(field)
      if (value !== undefined) urls[field] = httpUrl(names[field] as string, value)
    }
    if ((clientId === undefined) !== (fixedSecret === undefined && appleKey === undefined)) {
      throw new RangeError(
        `${names.clientId} and ${names.clientSecret ?? 'the Apple signing key'} are set together or not at all`,
      )
    }
    const defaults = { ...SOCIAL_PROVIDER_DEFAULTS[provider], ...urls }
    endpoints[provider] = defaults
    if (provider === 'apple') appleSigningKey = appleKey
    if (clientId === undefined) continue
    providers[provider] = {
      ...defaults,
      clientId,
      // Apple's JWT names Apple (its issuer, here the local stand-in's) as its audience.
      clientSecret: appleKey
        ? appleClientSecret(appleKey, clientId, defaults.issuer as string)
        : async () => fixedSecret as string,
    }
  }
  const base = nonEmpty(env.PORTICO_SOCIAL_CALLBACK_BASE_URL)
  return {
    providers,
    projectClients: readProjectClients(env, endpoints, appleSigningKey),
    callbackBaseUrl:
      base === undefined
        ? undefined
        : httpUrl('PORTICO_SOCIAL_CALLBACK_BASE_URL', base).replace(/\/+$/, ''),
  }
}
