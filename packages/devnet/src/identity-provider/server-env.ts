// The server's social login variables (apps/server/README.md) that point each provider at the
// local identity provider: its client, its endpoints in place of the real provider's, and the
// clients it registered for sites (projects) under their own names.
import type { RunningIdentityProvider } from './identity-provider'
import { STAND_INS } from './providers'

export function socialLoginEnv(idp: RunningIdentityProvider): Record<string, string> {
  const env: Record<string, string> = {}
  for (const { name } of STAND_INS) {
    const p = idp.providers[name]
    const prefix = `PORTICO_SOCIAL_${name.toUpperCase()}_`
    env[`${prefix}CLIENT_ID`] = p.clientId
    if (p.clientSecret !== undefined) env[`${prefix}CLIENT_SECRET`] = p.clientSecret
    if (p.appleKey !== undefined) {
      env[`${prefix}TEAM_ID`] = p.appleKey.teamId
      env[`${prefix}KEY_ID`] = p.appleKey.keyId
      env[`${prefix}PRIVATE_KEY`] = p.appleKey.privateKeyPem
    }
    env[`${prefix}AUTHORIZATION_URL`] = p.authorizationUrl
    env[`${prefix}TOKEN_URL`] = p.tokenUrl
    if (p.jwksUrl !== undefined) {
      env[`${prefix}ISSUER`] = p.issuer
      env[`${prefix}JWKS_URL`] = p.jwksUrl
    }
    if (p.userInfoUrl !== undefined) env[`${prefix}USERINFO_URL`] = p.userInfoUrl
  }
  if (Object.keys(idp.siteClients).length > 0) {
    env.PORTICO_SOCIAL_PROJECT_CLIENTS = JSON.stringify(idp.siteClients)
  }
  return env
}
