// The providers the local identity provider stands in for, and how each one behaves: OpenID
// ones (an id token) or plain OAuth 2.0 ones (no id token; a user-info endpoint answering in
// that provider's own shape). The client ids and secrets are fixed dev values.
import { createHash } from 'node:crypto'

export type StandInName = 'google' | 'apple' | 'x' | 'discord' | 'github' | 'facebook'

export interface TestPerson {
  name: string
  email: string
}

export interface StandIn {
  name: StandInName
  /** An id token comes back (openid scope); otherwise only an access token. */
  openId: boolean
  /** The scopes the real provider is asked for (the server's defaults). */
  scopes: readonly string[]
  /** The user-info path under the provider's prefix, for the plain OAuth 2.0 ones. */
  userInfoPath?: string
  /** The user-info answer in the provider's shape. */
  userInfo?: (subject: string, person: TestPerson) => unknown
  /** X's confidential clients authenticate with HTTP Basic at the token URL; the others post. */
  tokenAuth?: 'client_secret_basic'
}

/** The same e-mail at the same provider is the same person: a stable subject from it. */
export function subjectOf(provider: StandInName, email: string): string {
  const digest = createHash('sha256').update(`${provider}\n${email.toLowerCase()}`).digest()
  // Decimal ids as GitHub, X, Discord and Facebook give them (a 48-bit number).
  return String(digest.readUIntBE(0, 6))
}

const handleOf = (person: TestPerson) =>
  person.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'user'

export const STAND_INS: readonly StandIn[] = [
  { name: 'google', openId: true, scopes: ['openid', 'email', 'profile'] },
  // Apple answers its callback as a form post and gives no name in the id token.
  { name: 'apple', openId: true, scopes: ['openid', 'email', 'name'] },
  {
    name: 'x',
    openId: false,
    tokenAuth: 'client_secret_basic',
    scopes: ['users.read', 'tweet.read'],
    userInfoPath: '/2/users/me',
    // X gives no e-mail address by default.
    userInfo: (id, person) => ({ data: { id, name: person.name, username: handleOf(person) } }),
  },
  {
    name: 'discord',
    openId: false,
    scopes: ['identify', 'email'],
    userInfoPath: '/api/users/@me',
    userInfo: (id, person) => ({
      id,
      username: handleOf(person),
      global_name: person.name,
      email: person.email,
      verified: true,
    }),
  },
  {
    name: 'github',
    openId: false,
    scopes: ['read:user', 'user:email'],
    userInfoPath: '/user',
    userInfo: (id, person) => ({
      id: Number(id),
      login: handleOf(person),
      name: person.name,
      email: person.email,
    }),
  },
  {
    name: 'facebook',
    openId: false,
    scopes: ['email', 'public_profile'],
    userInfoPath: '/me',
    userInfo: (id, person) => ({ id, name: person.name, email: person.email }),
  },
]

export const standInClientId = (name: StandInName) => `portico-${name}`
/** A site's own client at a stand-in: the server-wide one's id with the project's. */
export const siteClientId = (name: StandInName, site: { projectId: string }) =>
  `${standInClientId(name)}-${site.projectId}`
export const standInClientSecret = (clientId: string) => `${clientId}-dev-secret`
