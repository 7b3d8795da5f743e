// What the server knows of each social provider: its real endpoints (the defaults, changed by
// configuration for the local stand-ins), the scopes asked for, whether it is OpenID (an id
// token checked against its keys) or plain OAuth 2.0 (the person read from a user-info URL),
// and how that user-info answer names the person.
import type { SocialProvider } from '@portico/protocol/social-login'

/** The person as a provider tells it: a stable subject, maybe an e-mail and a display name. */
export interface ProviderPerson {
  subject: string
  email: string | null
  name: string | null
}

export interface ProviderDefaults {
  openId: boolean
  authorizationUrl: string
  tokenUrl: string
  /** OpenID: the id token's issuer and the JWKS that signs it. */
  issuer?: string
  jwksUrl?: string
  /** Plain OAuth 2.0: where the access token reads the person. */
  userInfoUrl?: string
  scopes: readonly string[]
  /** Apple answers the callback as a form post. */
  formPost: boolean
  /** How the client authenticates at the token URL: X wants HTTP Basic, the others the body. */
  tokenAuth: 'basic' | 'post'
  /** Reads the user-info answer (plain OAuth 2.0 only); undefined when it has no usable id. */
  readUserInfo?: (body: unknown) => ProviderPerson | undefined
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined

const text = (value: unknown, max = 254): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= max ? value : null

/** Ids are decimal digits at GitHub, X, Discord and Facebook (GitHub gives a number). */
const idOf = (value: unknown): string | undefined => {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  return typeof id === 'string' && /^[0-9]{1,32}$/.test(id) ? id : undefined
}

function person(id: unknown, email: unknown, name: unknown): ProviderPerson | undefined {
  const subject = idOf(id)
  return subject === undefined ? undefined : { subject, email: text(email), name: text(name, 100) }
}

export const SOCIAL_PROVIDER_DEFAULTS: Record<SocialProvider, ProviderDefaults> = {
  google: {
    openId: true,
    authorizationUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    issuer: 'https://accounts.google.com',
    jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    scopes: ['openid', 'email', 'profile'],
    formPost: false,
    tokenAuth: 'post',
  },
  apple: {
    openId: true,
    authorizationUrl: 'https://appleid.apple.com/auth/authorize',
    tokenUrl: 'https://appleid.apple.com/auth/token',
    issuer: 'https://appleid.apple.com',
    jwksUrl: 'https://appleid.apple.com/auth/keys',
    scopes: ['openid', 'email', 'name'],
    formPost: true,
    tokenAuth: 'post',
  },
  x: {
    openId: false,
    authorizationUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: 'https://api.x.com/2/oauth2/token',
    userInfoUrl: 'https://api.x.com/2/users/me',
    scopes: ['users.read', 'tweet.read'],
    formPost: false,
    tokenAuth: 'basic',
    readUserInfo: (body) => {
      const data = record(record(body)?.data)
      return person(data?.id, undefined, data?.username ?? data?.name)
    },
  },
  discord: {
    openId: false,
    authorizationUrl: 'https://discord.com/oauth2/authorize',
    tokenUrl: 'https://discord.com/api/oauth2/token',
    userInfoUrl: 'https://discord.com/api/users/@me',
    scopes: ['identify', 'email'],
    formPost: false,
    tokenAuth: 'post',
    readUserInfo: (body) => {
      const b = record(body)
      return person(b?.id, b?.verified === true ? b.email : undefined, b?.username)
    },
  },
  github: {
    openId: false,
    authorizationUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    userInfoUrl: 'https://api.github.com/user',
    scopes: ['read:user', 'user:email'],
    formPost: false,
    tokenAuth: 'post',
    readUserInfo: (body) => {
      const b = record(body)
      return person(b?.id, b?.email, b?.login)
    },
  },
  facebook: {
    openId: false,
    authorizationUrl: 'https://www.facebook.com/v19.0/dialog/oauth',
    tokenUrl: 'https://graph.facebook.com/v19.0/oauth/access_token',
    userInfoUrl: 'https://graph.facebook.com/me?fields=id,name,email',
    scopes: ['email', 'public_profile'],
    formPost: false,
    tokenAuth: 'post',
    readUserInfo: (body) => {
      const b = record(body)
      return person(b?.id, b?.email, b?.name)
    },
  },
}
